import type { ServerBuild } from '@remix-run/node';
import { ApiError } from './api.server';
import { oncePerPage } from './page-request.server';
import { guardRouteModule, UNREADABLE_FORM_MESSAGE } from './route-guards.server';

type Module = ServerBuild['routes'][string]['module'];
type Run = (args: { request: Request; context?: object }) => Promise<unknown>;

const post = (body: BodyInit, type: string) =>
  new Request('http://tribe.local/login', { method: 'POST', body, headers: { 'Content-Type': type } });

/** What a guarded function threw, as the status and JSON body of the Response. */
async function refusalOf(run: () => Promise<unknown>): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
  try {
    await run();
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, body: await thrown.json(), retryAfter: thrown.headers.get('Retry-After') };
  }
  throw new Error('nothing was thrown');
}

describe('guardRouteModule', () => {
  const action: Run = async ({ request }) => Object.fromEntries((await request.formData()).entries());
  const guarded = guardRouteModule({ action, default: () => null } as unknown as Module).action as Run;

  it('reads forms as before', async () => {
    await expect(guarded({ request: post('email=a%40example.in', 'application/x-www-form-urlencoded') })).resolves.toEqual({
      email: 'a@example.in',
    });
  });

  it('answers 415 with a message when the body is not a form, and 400 when it cannot be parsed', async () => {
    expect(await refusalOf(() => guarded({ request: post('{"email":"a"}', 'application/json') }))).toMatchObject({
      status: 415,
      body: { error: UNREADABLE_FORM_MESSAGE },
    });
    expect(await refusalOf(() => guarded({ request: post('--x\r\ngarbage', 'multipart/form-data; boundary=x') }))).toMatchObject({
      status: 400,
      body: { error: UNREADABLE_FORM_MESSAGE },
    });
  });

  it('turns an unreachable API that escapes a loader into 503 with Retry-After; other errors pass', async () => {
    const down = guardRouteModule({ loader: () => Promise.reject(new ApiError(503, 'Try again soon.', null, '30')) } as unknown as Module)
      .loader as Run;
    expect(await refusalOf(() => down({ request: new Request('http://tribe.local/') }))).toEqual({
      status: 503,
      body: { error: 'Try again soon.' },
      retryAfter: '30',
    });
    const broken = guardRouteModule({ loader: () => Promise.reject(new ApiError(500, 'boom')) } as unknown as Module).loader as Run;
    await expect(broken({ request: new Request('http://tribe.local/') })).rejects.toThrow('boom');
  });

  it('keeps Retry-After on the page answered with it', () => {
    const headers = guardRouteModule({} as Module).headers as (args: Record<string, Headers | undefined>) => Headers;
    const empty = new Headers();
    expect(
      headers({
        parentHeaders: empty,
        loaderHeaders: empty,
        actionHeaders: new Headers({ 'Retry-After': '30' }),
        errorHeaders: undefined,
      }).get('Retry-After'),
    ).toBe('30');
  });

  it("lets one page's loaders share a read, and never shares an action's", async () => {
    let reads = 0;
    const whoIsSignedIn = ({ request }: { request: Request }) => oncePerPage(request, 'auth', async () => `read ${++reads}`);
    const module = guardRouteModule({ loader: whoIsSignedIn, action: whoIsSignedIn } as unknown as Module);
    const [loader, action] = [module.loader as Run, module.action as Run];
    // Remix gives each loader of a page its own copy of the request, and all of them one context.
    const page = {};
    const copy = () => new Request('http://tribe.local/home');
    expect(await Promise.all([loader({ request: copy(), context: page }), loader({ request: copy(), context: page })])).toEqual([
      'read 1',
      'read 1',
    ]);
    expect(await loader({ request: copy(), context: {} })).toBe('read 2');
    const form = () => post('name=Asha', 'application/x-www-form-urlencoded');
    expect(await action({ request: form(), context: page })).toBe('read 3');
    expect(await action({ request: form(), context: page })).toBe('read 4');
  });
});
