import express from 'express';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressFiles } from '../precompress.js';
import { accepts, precompressed } from './precompressed.js';
import { rawRequest } from '../../test/support/raw-http.js';

/** A script and a stylesheet long enough to compress, a picture (left alone), and a script built without copies. */
const SCRIPT = `export const greet = (name) => "Hello, " + name;\n`.repeat(200);
const STYLES = `.card { padding: 1rem; border-radius: 1rem; }\n`.repeat(200);

/**
 * The build's precompression and the server's answers from it, on a real HTTP server in front of
 * express.static and a stand-in for the on-the-fly compression, so a request that is not answered
 * from a copy is seen going on.
 */
describe('precompressed build files', () => {
  let directory: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'tribe-precompressed-'));
    await Promise.all([
      writeFile(path.join(directory, 'app-1.js'), SCRIPT),
      writeFile(path.join(directory, 'app-1.css'), STYLES),
      writeFile(path.join(directory, 'icons.png'), Buffer.from([137, 80, 78, 71, 1, 2, 3])),
      writeFile(path.join(directory, 'late-1.js'), SCRIPT),
    ]);
    await precompressFiles(directory, ['app-1.js', 'app-1.css', 'icons.png']);
    const app = express();
    app.use('/assets', precompressed(directory, { immutable: true, maxAge: '1y' }));
    app.use('/assets', (_req, res, next) => {
      res.set('x-went-on', 'yes');
      next();
    });
    app.use('/assets', express.static(directory, { immutable: true, maxAge: '1y' }));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(directory, { recursive: true, force: true });
  });

  const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(`${base}${pathname}`, headers, method);

  it('writes brotli and gzip copies of scripts and styles that read back as the file, and none of pictures', async () => {
    const files = await readdir(directory);
    expect(files.sort()).toEqual(
      ['app-1.css', 'app-1.css.br', 'app-1.css.gz', 'app-1.js', 'app-1.js.br', 'app-1.js.gz', 'icons.png', 'late-1.js'].sort(),
    );
  });

  it('answers brotli to a browser that takes it, gzip to one that takes only gzip, each the same file, cached for good', async () => {
    const [plainScript, plainStyles] = await Promise.all([get('/assets/app-1.js'), get('/assets/app-1.css')]);
    const br = await get('/assets/app-1.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    // The file's own type, as the static files give it.
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']?.toLowerCase()).toBe(plainScript.headers['content-type']?.toLowerCase());
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 5);

    const gz = await get('/assets/app-1.css', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']?.toLowerCase()).toBe(plainStyles.headers['content-type']?.toLowerCase());
    expect(gz.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(gz.body).toString()).toBe(STYLES);

    const head = await get('/assets/app-1.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head).toMatchObject({ status: 200, headers: { 'content-encoding': 'br' } });
    expect(head.body.length).toBe(0);
  });

  it('sends everything else on: no encoding taken, br refused by weight, no copy, a picture, a path out of the folder', async () => {
    for (const [pathname, encoding] of [
      ['/assets/app-1.js', ''],
      ['/assets/app-1.js', 'br;q=0, identity'],
      ['/assets/late-1.js', 'gzip, br'],
      ['/assets/icons.png', 'gzip, br'],
      ['/assets/..%2F..%2Fetc%2Fpasswd.js', 'gzip, br'],
      ['/assets/%E0%A4%A.js', 'gzip, br'],
    ] as const) {
      const answer = await get(pathname, encoding ? { 'accept-encoding': encoding } : {});
      expect({ pathname, encoding, wentOn: answer.headers['x-went-on'], encoded: answer.headers['content-encoding'] }).toEqual({
        pathname,
        encoding,
        wentOn: 'yes',
        encoded: undefined,
      });
    }
    expect((await get('/assets/app-1.js', {})).body.toString()).toBe(SCRIPT);
  });

  it('answers the file itself when its copy went away after the server started', async () => {
    await rm(path.join(directory, 'app-1.css.br'));
    const answer = await get('/assets/app-1.css', { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['x-went-on']).toBe('yes');
    expect(answer.body.toString()).toBe(STYLES);
  });

  it('reads Accept-Encoding as browsers write it', () => {
    expect(accepts('gzip, deflate, br', 'br')).toBe(true);
    expect(accepts('gzip;q=1.0, br;q=0', 'br')).toBe(false);
    expect(accepts('GZIP', 'gzip')).toBe(true);
    expect(accepts('*', 'br')).toBe(true);
    expect(accepts('*;q=0, gzip', 'br')).toBe(false);
    expect(accepts('identity', 'gzip')).toBe(false);
    expect(accepts(undefined, 'gzip')).toBe(false);
  });
});
