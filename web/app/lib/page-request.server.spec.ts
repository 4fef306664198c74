import { oncePerPage, tieToPage } from './page-request.server';

describe('oncePerPage', () => {
  const copyOf = () => new Request('http://tribe.local/home', { headers: { Cookie: '__tribe_session=v1.x' } });

  it("runs a read once for all the requests tied to one page, and again for another page's", async () => {
    const page = {};
    const [first, second, otherPage] = [copyOf(), copyOf(), copyOf()];
    tieToPage(first, page);
    tieToPage(second, page);
    tieToPage(otherPage, {});
    let reads = 0;
    const read = async () => ++reads;
    expect(await Promise.all([oncePerPage(first, 'auth', read), oncePerPage(second, 'auth', read)])).toEqual([1, 1]);
    expect(await oncePerPage(second, 'session', read)).toBe(2);
    expect(await oncePerPage(otherPage, 'auth', read)).toBe(3);
  });

  it('reads every time for a request tied to no page', async () => {
    const request = copyOf();
    let reads = 0;
    await oncePerPage(request, 'auth', async () => ++reads);
    await oncePerPage(request, 'auth', async () => ++reads);
    expect(reads).toBe(2);
  });

  it('gives every loader of the page the same failure', async () => {
    const page = {};
    const [first, second] = [copyOf(), copyOf()];
    tieToPage(first, page);
    tieToPage(second, page);
    let reads = 0;
    const failing = () => Promise.reject(new Error(`the API is away (${++reads})`));
    await expect(oncePerPage(first, 'auth', failing)).rejects.toThrow('the API is away (1)');
    await expect(oncePerPage(second, 'auth', failing)).rejects.toThrow('the API is away (1)');
  });
});
