import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { LocalDiskStorage } from './local-disk.storage.js';

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
}

describe('LocalDiskStorage', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'tribe-storage-'));
    storage = new LocalDiskStorage(root, 'http://localhost:3001/api/v1/upload/files');
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stores buffers and streams, reads them whole or by range, and replaces on a second put', async () => {
    await storage.put('ab12.png', Buffer.from('first'), { contentType: 'image/png' });
    await storage.put('ab12.png', Readable.from([Buffer.from('0123'), Buffer.from('456789')]), { contentType: 'image/png' });
    expect(await storage.head('ab12.png')).toEqual({ bytes: 10, contentType: 'image/png' });
    expect(await readAll((await storage.read('ab12.png'))!.stream)).toBe('0123456789');
    expect(await readAll((await storage.read('ab12.png', { start: 3, end: 5 }))!.stream)).toBe('345');
    // spread over a directory named by the key's first two characters; no partial files left
    expect(await readdir(root)).toEqual(['ab']);
    expect(await readdir(join(root, 'ab'))).toEqual(['ab12.png']);
  });

  it('answers null for missing files and deletes idempotently', async () => {
    expect(await storage.head('cd34.mp4')).toBeNull();
    expect(await storage.read('cd34.mp4')).toBeNull();
    await storage.put('cd34.mp4', Buffer.from('x'), { contentType: 'video/mp4' });
    await storage.delete('cd34.mp4');
    await storage.delete('cd34.mp4');
    expect(await storage.head('cd34.mp4')).toBeNull();
  });

  it('refuses keys that could leave the upload directory', async () => {
    for (const key of ['../etc/passwd', 'a/b.png', '.hidden.png', '..png', 'x.png/../../y.png', '%2e%2e.png', 'no-extension']) {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'image/png' })).rejects.toThrow('Invalid storage key');
      await expect(storage.read(key)).rejects.toThrow('Invalid storage key');
    }
    expect(await readdir(root)).toEqual([]);
  });

  it('builds absolute public URLs under the API', () => {
    expect(storage.publicUrl('ab12.png')).toBe('http://localhost:3001/api/v1/upload/files/ab12.png');
  });
});
