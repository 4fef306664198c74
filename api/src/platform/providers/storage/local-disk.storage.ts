import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, contentTypeForKey } from './storage-keys.js';
import { type ByteRange, type ObjectInfo, type PutMeta, type StoragePort, type StoredObject } from './storage.port.js';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files under UPLOAD_DIR, spread over sub-directories named by the key's first two characters so
 * that no directory grows huge. The API serves them (GET /api/v1/upload/files/{key}).
 */
export class LocalDiskStorage implements StoragePort {
  private readonly root: string;

  constructor(
    root: string,
    private readonly publicBaseUrl: string,
  ) {
    this.root = resolve(root);
  }

  private pathOf(key: string): { dir: string; file: string } {
    assertStorageKey(key);
    const dir = join(this.root, key.slice(0, 2));
    return { dir, file: join(dir, key) };
  }

  /** Written to a hidden temporary name first and renamed, so a reader never sees half a file. */
  async put(key: string, body: Buffer | Readable, _meta: PutMeta): Promise<void> {
    const { dir, file } = this.pathOf(key);
    await mkdir(dir, { recursive: true });
    const partial = join(dir, `.${key}.${randomUUID()}.partial`);
    try {
      if (Buffer.isBuffer(body)) await writeFile(partial, body, { flag: 'wx' });
      else await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const info = await stat(this.pathOf(key).file);
      return info.isFile() ? { bytes: info.size, contentType: contentTypeForKey(key) } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const info = await this.head(key);
    if (!info) return null;
    const stream = createReadStream(this.pathOf(key).file, range ? { start: range.start, end: range.end } : {});
    return { ...info, stream };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key).file, { force: true });
  }

  publicUrl(key: string): string {
    return `${this.publicBaseUrl}/${assertStorageKey(key)}`;
  }
}
