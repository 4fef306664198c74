import { gunzipSync } from 'node:zlib';
import { acceptsGzip, PreparedJson } from './prepared-json.js';

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['x-gzip', true],
    ['*', true],
    ['deflate, *;q=0.1', true],
    [undefined, false],
    ['', false],
    ['identity', false],
    ['br, deflate', false],
    ['gzip;q=0', false],
    ['gzip;q=0.000, *', false],
    ['*;q=0', false],
  ])('%p → %p', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('PreparedJson', () => {
  it('compresses its text once and hands every caller the same bytes', async () => {
    const body = new PreparedJson(JSON.stringify({ data: Array.from({ length: 50 }, (_, n) => ({ n, title: 'Sunset walk' })) }));
    const [first, second] = await Promise.all([body.gzip(), body.gzip()]);
    expect(second).toBe(first);
    expect(gunzipSync(first).toString('utf8')).toBe(body.text);
  });
});
