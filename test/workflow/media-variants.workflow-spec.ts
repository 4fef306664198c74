import { randomUUID } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import pg from 'pg';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { APP_ENTITIES } from '../../api/src/app.entities.js';
import { type AppConfig } from '../../api/src/platform/config/config.schema.js';
import { dataSourceOptions } from '../../api/src/platform/database/data-source-options.js';
import { LocalDiskStorage } from '../../api/src/platform/providers/storage/local-disk.storage.js';
import { type StoragePort } from '../../api/src/platform/providers/storage/storage.port.js';
import { MediaVariantsHandler, VariantsInProgressError } from '../../api/src/modules/uploads/jobs/media-variants.job.js';
import { MediaRepository } from '../../api/src/modules/uploads/media.repository.js';
import { waitUntil } from '../support/poll.js';
import { startStack, type Stack } from '../support/servers.js';
import { testConfig } from '../support/test-config.js';
import { createMigratedDatabase } from '../support/migrated-database.js';
import { releaseTestDatabase } from '../support/test-database.js';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const gradient = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 240, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();

/** The variants processor run directly against a real database and the local-disk store. */
describe('MediaVariantsHandler', () => {
  let config: AppConfig;
  let dataSource: DataSource;
  let storage: LocalDiskStorage;
  let processor: MediaVariantsHandler;
  let ownerId: string;

  beforeAll(async () => {
    config = testConfig();
    await createMigratedDatabase(config);
    dataSource = await new DataSource(dataSourceOptions(config, APP_ENTITIES)).initialize();
    storage = new LocalDiskStorage(config.UPLOAD_DIR, 'http://localhost:3001/api/v1/upload/files');
    processor = new MediaVariantsHandler(new MediaRepository(dataSource), storage);
    const [owner] = (await dataSource.query(`INSERT INTO users (name) VALUES ('Uploader') RETURNING id`)) as Array<{ id: string }>;
    ownerId = owner!.id;
  });
  afterAll(async () => {
    await dataSource.destroy();
    await releaseTestDatabase(config.DATABASE_URL);
    await rm(config.UPLOAD_DIR, { recursive: true, force: true });
  });

  /** An uploaded image as the API leaves it: original stored, row pending. */
  async function uploaded(original: Buffer, extension = 'jpg', contentType = 'image/jpeg'): Promise<string> {
    const id = randomUUID();
    const meta = await sharp(original).metadata();
    await storage.put(`${id}.${extension}`, original, { contentType });
    await dataSource.query(
      `INSERT INTO media (id, owner_id, kind, storage_key, content_type, bytes, width, height)
       VALUES ($1, $2, 'image', $3, $4, $5, $6, $7)`,
      [id, ownerId, `${id}.${extension}`, contentType, original.length, meta.width, meta.height],
    );
    return id;
  }

  const row = async (id: string) =>
    (
      (await dataSource.query('SELECT variants, variants_status, variants_claimed_at FROM media WHERE id = $1', [id])) as Array<{
        variants: Array<{ width: number; height: number; key: string; bytes: number }>;
        variants_status: string;
        variants_claimed_at: Date | null;
      }>
    )[0]!;

  const run = (mediaId: string) => processor.handle({ outboxId: randomUUID(), mediaId });

  it('makes WebP variants at the standard widths no wider than the original, and marks them ready', async () => {
    const id = await uploaded(await gradient(1100, 550));
    await run(id);

    const done = await row(id);
    expect(done.variants_status).toBe('ready');
    expect(done.variants_claimed_at).toBeNull();
    expect(done.variants.map((variant) => [variant.width, variant.height, variant.key])).toEqual([
      [320, 160, `${id}-w320.webp`],
      [640, 320, `${id}-w640.webp`],
      [1024, 512, `${id}-w1024.webp`],
    ]);
    for (const variant of done.variants) {
      const stored = await storage.read(variant.key);
      expect(stored!.contentType).toBe('image/webp');
      const bytes = await readAll(stored!.stream);
      expect(bytes.length).toBe(variant.bytes);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', variant.width, variant.height]);
      expect(meta.exif).toBeUndefined();
    }
  });

  it('does nothing when run again after the variants are ready', async () => {
    const id = await uploaded(await gradient(700, 700));
    await run(id);
    const first = await row(id);
    const written = await Promise.all(
      first.variants.map(async (variant) => (await stat(`${config.UPLOAD_DIR}/${variant.key.slice(0, 2)}/${variant.key}`)).mtimeMs),
    );
    await storage.delete(first.variants[0]!.key); // a second run that did work would write it again

    await run(id);
    expect(await row(id)).toEqual(first);
    expect(await storage.head(first.variants[0]!.key)).toBeNull();
    const after = await stat(`${config.UPLOAD_DIR}/${first.variants[1]!.key.slice(0, 2)}/${first.variants[1]!.key}`);
    expect(after.mtimeMs).toBe(written[1]);
  });

  it('gives an image narrower than every standard width one variant at its own width', async () => {
    const id = await uploaded(await gradient(200, 100));
    await run(id);
    expect((await row(id)).variants.map((variant) => [variant.width, variant.height])).toEqual([[200, 100]]);
  });

  it('keeps an animated GIF animated', async () => {
    const frame = 40 * 20 * 4;
    const raw = Buffer.alloc(frame * 3);
    for (let index = 0; index < raw.length; index += 4) raw.set([Math.floor(index / frame) * 120, 60, 200, 255], index);
    const gif = await sharp(raw, { raw: { width: 40, height: 60, channels: 4, pageHeight: 20 } })
      .gif()
      .toBuffer();
    const id = await uploaded(gif, 'gif', 'image/gif');
    await run(id);
    const [variant] = (await row(id)).variants;
    expect([variant!.width, variant!.height]).toEqual([40, 20]);
    const meta = await sharp(await readAll((await storage.read(variant!.key))!.stream)).metadata();
    expect([meta.format, meta.pages]).toEqual(['webp', 3]);
  });

  // A payload without a media id never reaches the handler: the relay and the job runner check it
  // against the event's schema (test/workflow/outbox-relay.workflow-spec.ts).
  it('handles a media row that no longer exists without failing', async () => {
    const before = await readdir(config.UPLOAD_DIR, { recursive: true });
    await expect(run(randomUUID())).resolves.toBeUndefined();
    expect(await readdir(config.UPLOAD_DIR, { recursive: true })).toEqual(before);
  });

  it('removes the variants it made when the image is erased while it runs (account deletion)', async () => {
    const id = await uploaded(await gradient(700, 350));
    let erased = false;
    // The erase job deletes the row (and the files it lists) just as this run writes its first variant.
    const racing: StoragePort = {
      put: async (key, body, options) => {
        if (!erased && key.startsWith(`${id}-w`)) {
          erased = true;
          await dataSource.query('DELETE FROM media WHERE id = $1', [id]);
          await storage.delete(`${id}.jpg`);
        }
        return storage.put(key, body, options);
      },
      read: (key, range) => storage.read(key, range),
      head: (key) => storage.head(key),
      delete: (key) => storage.delete(key),
      publicUrl: (key) => storage.publicUrl(key),
    };
    await new MediaVariantsHandler(new MediaRepository(dataSource), racing).handle({ outboxId: randomUUID(), mediaId: id });

    expect(erased).toBe(true);
    expect(await storage.head(`${id}-w320.webp`)).toBeNull();
    expect(await storage.head(`${id}-w640.webp`)).toBeNull();
  });

  it('leaves a fresh claim to its holder (retrying later) but takes over a stale one', async () => {
    const id = await uploaded(await gradient(400, 200));
    await dataSource.query(`UPDATE media SET variants_status = 'processing', variants_claimed_at = now() WHERE id = $1`, [id]);
    await expect(run(id)).rejects.toBeInstanceOf(VariantsInProgressError);
    expect(await storage.head(`${id}-w320.webp`)).toBeNull();

    await dataSource.query(`UPDATE media SET variants_claimed_at = now() - interval '5 minutes' WHERE id = $1`, [id]);
    await run(id);
    expect((await row(id)).variants_status).toBe('ready');
  });

  it('gives the claim back when a run fails, and the last failure marks the row failed', async () => {
    const id = await uploaded(await gradient(400, 200));
    await storage.put(`${id}.jpg`, Buffer.from('corrupted on disk'), { contentType: 'image/jpeg' });
    await expect(run(id)).rejects.toThrow();
    expect((await row(id)).variants_status).toBe('pending');

    await processor.onLastFailure({ outboxId: randomUUID(), mediaId: id }, new Error('gave up'));
    expect(await row(id)).toMatchObject({ variants_status: 'failed', variants: [] });

    const ready = await uploaded(await gradient(400, 200));
    await run(ready);
    await processor.onLastFailure({ outboxId: randomUUID(), mediaId: ready }, new Error('late duplicate'));
    expect((await row(ready)).variants_status).toBe('ready');
  });
});

/** The API and the workers as real processes: upload → outbox → relay → BullMQ → variants → responsive URLs. */
describe('image upload to responsive variants', () => {
  let stack: Stack;
  let baseUrl: string;

  beforeAll(async () => {
    stack = await startStack({ web: false });
    baseUrl = stack.apiUrl;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('lists WebP variants once the worker has made them', async () => {
    const registered = await fetch(`${baseUrl}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `media.${Date.now()}@example.in`, password: 'a-good-password', name: 'Asha Rao' }),
    });
    const { token, user } = (await registered.json()) as { token: string; user: { id: string } };
    const auth = { authorization: `Bearer ${token}` };
    // A verified host: the event made below is listed at once, without waiting for review.
    const db = new pg.Client({ connectionString: stack.config.DATABASE_URL });
    await db.connect();
    await db.query('UPDATE users SET verified = true, verified_at = now() WHERE id = $1', [user.id]).finally(() => db.end());

    const form = new FormData();
    form.append('image', new Blob([await gradient(800, 400)], { type: 'image/jpeg' }), 'sunset.jpg');
    const uploadedResponse = await fetch(`${baseUrl}/api/v1/upload`, { method: 'POST', headers: auth, body: form });
    expect(uploadedResponse.status).toBe(201);
    const { id, url } = (await uploadedResponse.json()) as { id: string; url: string };

    const ready = await waitUntil(async () => {
      const response = await fetch(`${baseUrl}/api/v1/upload/responsive/${id}`, { headers: auth });
      const body = (await response.json()) as {
        status: string;
        original: string;
        variants: Array<{ width: number; height: number; url: string }>;
      };
      if (body.status === 'failed') throw new Error(`variants failed:\n${stack.output()}`);
      return body.status === 'ready' ? body : undefined;
    }, 'the variants to be ready');

    expect(ready.original).toBe(url);
    expect(ready.variants).toEqual([
      { width: 320, height: 160, url: `${baseUrl}/api/v1/upload/files/${id}-w320.webp` },
      { width: 640, height: 320, url: `${baseUrl}/api/v1/upload/files/${id}-w640.webp` },
    ]);
    const variant = await fetch(ready.variants[1]!.url);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 640]);

    // The same photo as the host's avatar: events show its smallest variant for the round pictures.
    const profile = await fetch(`${baseUrl}/api/v1/users/me`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ avatar_url: url }),
    });
    expect(profile.status).toBe(200);

    // An event shows them for srcset, beside each of its images, to guests and in lists too.
    const elsewhere = 'https://images.example.in/7d3f5a8e-2b1c-4d9e-8f70-1a2b3c4d5e6f.jpg';
    const created = await fetch(`${baseUrl}/api/v1/events`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Sunset sketching',
        date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        images: [url, elsewhere],
      }),
    });
    expect(created.status).toBe(201);
    const { id: eventId } = (await created.json()) as { id: string };
    const expected = [
      { url, variants: ready.variants },
      { url: elsewhere, variants: [] },
    ];
    const publicView = (await (await fetch(`${baseUrl}/api/v1/events/${eventId}/public`)).json()) as {
      responsive_images: unknown;
      host: { avatar_url: string; avatar_thumbnail_url: string };
    };
    expect(publicView.responsive_images).toEqual(expected);
    expect(publicView.host).toMatchObject({ avatar_url: url, avatar_thumbnail_url: ready.variants[0]!.url });
    const listed = (await (await fetch(`${baseUrl}/api/v1/events/public/filter`)).json()) as {
      data: Array<{ id: string; responsive_images: unknown }>;
    };
    expect(listed.data.find((event) => event.id === eventId)?.responsive_images).toEqual(expected);
  });
});
