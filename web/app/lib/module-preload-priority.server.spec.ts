import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { ModulePreloadPriority } from './module-preload-priority.server';

/** The HTML as the transform passes it on when React writes it in these chunks. */
async function throughTransform(chunks: Array<string | Buffer>): Promise<string> {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(new ModulePreloadPriority()));
}

const PAGE =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/root.css"/></head><body><p>Namasté 🎉</p>' +
  '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/components.js"/>' +
  '<script type="module" async="">import "/assets/manifest.js";</script></body></html>';

const EXPECTED = PAGE.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe('ModulePreloadPriority', () => {
  it('puts every module preload at low priority and leaves the rest of the page as it was', async () => {
    expect(await throughTransform([PAGE])).toBe(EXPECTED);
  });

  it('finds a preload tag cut anywhere by a chunk boundary, and a character cut between its bytes', async () => {
    const bytes = Buffer.from(PAGE);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(await throughTransform([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(EXPECTED);
    }
    expect(await throughTransform([...bytes].map((byte) => Buffer.from([byte])))).toBe(EXPECTED);
  });

  it('passes on a page that ends in the middle of what looks like a tag', async () => {
    expect(await throughTransform(['<p>a</p><link rel="module'])).toBe('<p>a</p><link rel="module');
  });

  it('passes on what was written in one turn as one chunk, and what comes in a later turn after it', async () => {
    const transform = new ModulePreloadPriority();
    const chunks: string[] = [];
    transform.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const ended = new Promise((resolve) => transform.on('end', resolve));
    for (let piece = 0; piece < PAGE.length; piece += 16) transform.write(PAGE.slice(piece, piece + 16));
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual([EXPECTED]);
    transform.end('<p>streamed later</p>');
    await ended;
    expect(chunks).toEqual([EXPECTED, '<p>streamed later</p>']);
  });
});
