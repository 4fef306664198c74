import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/**
 * The page's HTML with its module preloads (Remix's `<Scripts>` lists every module of the page) at
 * low fetch priority: on a slow phone the stylesheet and the images the page shows come first, and
 * the scripts that hydrate a page already readable from the server come after (docs/decisions.md,
 * "Scripts after content"). A tag split across two chunks is held back until the next one.
 *
 * What React writes in one turn of the event loop (a page's shell comes in 2 KB pieces) goes on as
 * one chunk at the end of that turn: each chunk costs a pass through the web stream, the
 * compressor and the socket, so a page goes out in a few of them rather than thirty.
 */
export class ModulePreloadPriority extends Transform {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  private readonly thisTurn: string[] = [];
  private releaseScheduled = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const text = this.pending + this.decoder.write(chunk);
    const held = splitTagStart(text);
    this.pending = text.slice(held);
    this.pushRewritten(text.slice(0, held));
    done();
  }

  override _flush(done: TransformCallback): void {
    this.pushRewritten(this.pending + this.decoder.end());
    this.release();
    done();
  }

  private pushRewritten(text: string): void {
    if (!text) return;
    this.thisTurn.push(text.replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD));
    if (this.releaseScheduled) return;
    this.releaseScheduled = true;
    setImmediate(() => this.release());
  }

  private release(): void {
    this.releaseScheduled = false;
    if (this.thisTurn.length === 0) return;
    this.push(this.thisTurn.join(''));
    this.thisTurn.length = 0;
  }
}

/** Where a preload tag cut off at the end of `text` starts (text.length when none is). */
function splitTagStart(text: string): number {
  const last = text.lastIndexOf('<');
  if (last < 0 || text.length - last >= PRELOAD.length) return text.length;
  return PRELOAD.startsWith(text.slice(last)) ? last : text.length;
}
