import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { bearer, signUp, type SignedUp } from '../support/factories.js';
import { countRows, startTestApi, type TestApi } from '../support/test-api.js';
import { mp4 } from '../support/media-fixtures.js';

const IMAGE_LIMIT = 64 * 1024;
const VIDEO_LIMIT = 128 * 1024;

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });

/** Noise does not compress, so its PNG is far over the image limit. */
const noisyPng = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();

/** Every file under the upload directory (sharded into sub-directories). */
async function storedFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

const pathOf = (url: string) => new URL(url).pathname;

describe('uploads API', () => {
  let api: TestApi;
  let person: SignedUp;

  beforeAll(async () => {
    api = await startTestApi({ UPLOAD_MAX_IMAGE_BYTES: String(IMAGE_LIMIT), UPLOAD_MAX_VIDEO_BYTES: String(VIDEO_LIMIT) });
    person = await signUp(api);
  });
  afterAll(async () => {
    await api.close();
    await rm(api.config.UPLOAD_DIR, { recursive: true, force: true });
  });

  /** What a refused upload must leave untouched. */
  const snapshot = async () => ({
    media: await countRows(api.db, 'media'),
    outbox: await countRows(api.db, 'outbox_event'),
    files: (await storedFiles(api.config.UPLOAD_DIR)).length,
  });

  const upload = (field: string, body: Buffer, filename: string, contentType: string, path = '/api/v1/upload') =>
    api.http().post(path).set(bearer(person.token)).attach(field, body, { filename, contentType });

  describe('without a token', () => {
    it('refuses every upload route with the exact message and stores nothing', async () => {
      const before = await snapshot();
      const png = await solid(16, 16).png().toBuffer();
      const image = await api.http().post('/api/v1/upload').attach('image', png, 'a.png').expect(401);
      expect(image.body).toEqual({ error: 'No authentication token found', code: 'unauthorized' });
      const video = await api.http().post('/api/v1/upload/video').attach('video', mp4(100), 'a.mp4').expect(401);
      expect(video.body).toEqual({ error: 'No authentication token found', code: 'unauthorized' });
      const responsive = await api.http().get(`/api/v1/upload/responsive/${crypto.randomUUID()}`).expect(401);
      expect(responsive.body).toEqual({ error: 'No authentication token found', code: 'unauthorized' });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('POST /upload (image)', () => {
    it('stores a PNG byte for byte, records it and asks the workers for variants', async () => {
      const png = await solid(64, 48).png().toBuffer();
      const response = await upload('image', png, 'holiday.png', 'image/png').expect(201);
      expect(response.body).toEqual({ id: expect.any(String), url: expect.any(String) });
      const { id, url } = response.body as { id: string; url: string };
      expect(url).toBe(`${api.config.PUBLIC_API_URL}/api/v1/upload/files/${id}.png`);

      // public: fetched back without a token, same bytes, right type, cached for long
      const file = await api.http().get(pathOf(url)).buffer(true).expect(200);
      expect(Buffer.compare(file.body as Buffer, png)).toBe(0);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      // opened on its own it is a sandboxed document, shown inline
      expect(file.headers['content-security-policy']).toBe('sandbox');
      expect(file.headers['content-disposition']).toBe(`inline; filename="${id}.png"`);

      const { rows } = await api.db.query('SELECT * FROM media WHERE id = $1', [id]);
      expect(rows[0]).toMatchObject({
        owner_id: person.user.id,
        kind: 'image',
        storage_key: `${id}.png`,
        content_type: 'image/png',
        bytes: String(png.length),
        width: 64,
        height: 48,
        variants: [],
        variants_status: 'pending',
      });
      const { rows: events } = await api.db.query("SELECT type, payload FROM outbox_event WHERE payload->>'mediaId' = $1", [id]);
      expect(events).toEqual([{ type: 'media.image_uploaded', payload: { mediaId: id } }]);
    });

    it('is accepted as an event image and an avatar over plain http (this run serves uploads so), unlike plain http from elsewhere', async () => {
      const { url } = (await upload('image', await solid(32, 32).png().toBuffer(), 'me.png', 'image/png').expect(201)).body as {
        url: string;
      };
      expect(url).toMatch(/^http:\/\//);
      const event = { title: 'Clay workshop', date: '2031-06-01T19:00:00+05:30' };
      const created = await api
        .http()
        .post('/api/v1/events')
        .set(bearer(person.token))
        .send({ ...event, images: [url] })
        .expect(201);
      expect(created.body.images).toEqual([url]);
      const profile = await api
        .http()
        .put('/api/v1/users/me')
        .set(bearer(person.token))
        .send({ avatar_url: url, profile_photos: [url] })
        .expect(200);
      expect(profile.body).toMatchObject({ avatar_url: url, profile_photos: [url] });

      // The same path on another host, or dressed up with credentials, is not one of ours.
      const elsewhere = url.replace(new URL(url).host, 'uploads.example.in');
      const withCredentials = url.replace('http://', `http://${new URL(url).host}@`);
      for (const foreign of [elsewhere, withCredentials]) {
        const refused = await api
          .http()
          .post('/api/v1/events')
          .set(bearer(person.token))
          .send({ ...event, images: [foreign] })
          .expect(400);
        expect(refused.body).toEqual({ error: 'images.0: must be an https URL', code: 'media_url_not_https' });
      }
    });

    it('takes the type from the bytes, not the name or the claimed type', async () => {
      const jpeg = await solid(20, 10).jpeg().toBuffer();
      const response = await upload('image', jpeg, 'looks-like.gif', 'image/gif').expect(201);
      expect(response.body.url).toMatch(/\.jpg$/);
      const file = await api.http().get(pathOf(response.body.url)).buffer(true).expect(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(Buffer.compare(file.body as Buffer, jpeg)).toBe(0);
    });

    it('removes EXIF (and turns the photo upright) before storing it', async () => {
      const photo = await solid(60, 30)
        .jpeg()
        .withExif({ IFD0: { Copyright: 'SECRET-OWNER-NAME', ImageDescription: 'taken at home' } })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      expect(photo.includes('SECRET-OWNER-NAME')).toBe(true);
      const response = await upload('image', photo, 'IMG_0001.jpg', 'image/jpeg').expect(201);
      const file = await api.http().get(pathOf(response.body.url)).buffer(true).expect(200);
      const stored = file.body as Buffer;
      expect(stored.includes('SECRET-OWNER-NAME')).toBe(false);
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([30, 60]);
      const { rows } = await api.db.query('SELECT width, height, bytes FROM media WHERE id = $1', [response.body.id]);
      expect(rows[0]).toEqual({ width: 30, height: 60, bytes: String(stored.length) });
    });

    it('refuses a text file named .jpg and stores nothing', async () => {
      const before = await snapshot();
      const response = await upload('image', Buffer.from('not really a picture\n'.repeat(20)), 'photo.jpg', 'image/jpeg').expect(400);
      expect(response.body).toEqual({
        error: 'Unsupported image type. Please upload a JPEG, PNG, WebP, GIF or AVIF image.',
        code: 'validation',
      });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses SVG and a truncated image', async () => {
      const before = await snapshot();
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
      await upload('image', svg, 'logo.svg', 'image/svg+xml').expect(400);
      const png = await noisyPng();
      await upload('image', png.subarray(0, 4000), 'cut.png', 'image/png').expect(400);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses an image over the limit with 413 and stores nothing', async () => {
      const before = await snapshot();
      const big = await noisyPng();
      expect(big.length).toBeGreaterThan(IMAGE_LIMIT);
      const response = await upload('image', big, 'big.png', 'image/png').expect(413);
      expect(response.body).toEqual({ error: 'This image is too large. The limit is 64 KB.', code: 'payload_too_large' });
      expect(await snapshot()).toEqual(before);
    });

    it('needs the file in the field named image', async () => {
      const before = await snapshot();
      const png = await solid(8, 8).png().toBuffer();
      const wrongField = await upload('photo', png, 'a.png', 'image/png').expect(400);
      expect(wrongField.body).toEqual({ error: 'No image found. Send the file in the form field "image".', code: 'validation' });
      const noFile = await api.http().post('/api/v1/upload').set(bearer(person.token)).field('image', 'just text').expect(400);
      expect(noFile.body).toEqual({ error: 'No image found. Send the file in the form field "image".', code: 'validation' });
      const json = await api
        .http()
        .post('/api/v1/upload')
        .set(bearer(person.token))
        .send({ image: 'data:image/png;base64,AAAA' })
        .expect(400);
      expect(json.body).toEqual({ error: 'No image found. Send the file in the form field "image".', code: 'validation' });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('POST /upload/video', () => {
    it('accepts an MP4 by its signature and serves it back, with byte ranges for players', async () => {
      const video = mp4(2000);
      const response = await upload('video', video, 'clip.bin', 'application/octet-stream', '/api/v1/upload/video').expect(201);
      const { id, url } = response.body as { id: string; url: string };
      expect(url).toBe(`${api.config.PUBLIC_API_URL}/api/v1/upload/files/${id}.mp4`);

      const file = await api.http().get(pathOf(url)).buffer(true).expect(200);
      expect(file.headers['content-type']).toBe('video/mp4');
      expect(file.headers['content-security-policy']).toBe('sandbox');
      expect(file.headers['content-disposition']).toBe(`inline; filename="${id}.mp4"`);
      expect(file.headers['accept-ranges']).toBe('bytes');
      expect(Buffer.compare(file.body as Buffer, video)).toBe(0);

      const part = await api.http().get(pathOf(url)).set('Range', 'bytes=4-11').buffer(true).expect(206);
      expect(part.headers['content-range']).toBe(`bytes 4-11/${video.length}`);
      expect((part.body as Buffer).toString('latin1')).toBe('ftypisom');
      const past = await api.http().get(pathOf(url)).set('Range', `bytes=${video.length}-`).expect(416);
      expect(past.headers['content-range']).toBe(`bytes */${video.length}`);

      const { rows } = await api.db.query('SELECT owner_id, kind, content_type, bytes, width FROM media WHERE id = $1', [id]);
      expect(rows[0]).toEqual({
        owner_id: person.user.id,
        kind: 'video',
        content_type: 'video/mp4',
        bytes: String(video.length),
        width: null,
      });
      const { rows: events } = await api.db.query("SELECT 1 FROM outbox_event WHERE payload->>'mediaId' = $1", [id]);
      expect(events).toHaveLength(0);
    });

    it('refuses random bytes, an image and a file over the limit, storing nothing', async () => {
      const before = await snapshot();
      const random = await upload('video', randomBytes(5000), 'clip.mp4', 'video/mp4', '/api/v1/upload/video').expect(400);
      expect(random.body).toEqual({ error: 'Unsupported video type. Please upload an MP4, MOV or WebM video.', code: 'validation' });
      const png = await solid(8, 8).png().toBuffer();
      await upload('video', png, 'clip.mp4', 'video/mp4', '/api/v1/upload/video').expect(400);
      const big = await upload('video', mp4(VIDEO_LIMIT), 'long.mp4', 'video/mp4', '/api/v1/upload/video').expect(413);
      expect(big.body).toEqual({ error: 'This video is too large. The limit is 128 KB.', code: 'payload_too_large' });
      const wrongField = await upload('image', mp4(100), 'clip.mp4', 'video/mp4', '/api/v1/upload/video').expect(400);
      expect(wrongField.body).toEqual({ error: 'No video found. Send the file in the form field "video".', code: 'validation' });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('GET /upload/responsive/{id}', () => {
    it('gives the original at once and no variants while they are pending', async () => {
      const png = await solid(700, 10).png().toBuffer();
      const { body } = await upload('image', png, 'wide.png', 'image/png').expect(201);
      const other = await signUp(api);
      const response = await api.http().get(`/api/v1/upload/responsive/${body.id}`).set(bearer(other.token)).expect(200);
      expect(response.body).toEqual({ id: body.id, original: body.url, width: 700, height: 10, status: 'pending', variants: [] });
    });

    it('answers 404 for unknown ids and videos, 400 for a malformed id', async () => {
      const unknown = await api.http().get(`/api/v1/upload/responsive/${crypto.randomUUID()}`).set(bearer(person.token)).expect(404);
      expect(unknown.body).toEqual({ error: 'Image not found.', code: 'not_found' });
      const video = await upload('video', mp4(100), 'c.mp4', 'video/mp4', '/api/v1/upload/video').expect(201);
      await api.http().get(`/api/v1/upload/responsive/${video.body.id}`).set(bearer(person.token)).expect(404);
      await api.http().get('/api/v1/upload/responsive/not-an-id').set(bearer(person.token)).expect(400);
    });
  });

  describe('GET /upload/files/{key}', () => {
    it('sends a byte range with the same sandbox and disposition', async () => {
      const { body } = await upload('image', await solid(8, 8).png().toBuffer(), 'a.png', 'image/png').expect(201);
      const part = await api.http().get(pathOf(body.url)).set('Range', 'bytes=0-7').buffer(true).expect(206);
      expect(part.headers['content-security-policy']).toBe('sandbox');
      expect(part.headers['x-content-type-options']).toBe('nosniff');
      expect(part.headers['content-disposition']).toBe(`inline; filename="${body.id}.png"`);
    });

    it('serves only stored keys: unknown names and path tricks are 404', async () => {
      await api.http().get(`/api/v1/upload/files/${crypto.randomUUID()}.png`).expect(404);
      for (const path of ['%2e%2e%2fpackage.json', '..%2F..%2Fpackage.json', '.hidden.png', 'a%2Fb.png']) {
        const response = await api.http().get(`/api/v1/upload/files/${path}`).expect(404);
        expect(response.body).toEqual({ error: 'Not found', code: 'not_found' });
      }
    });
  });
});

describe('uploads served from a files host of their own (PUBLIC_FILES_URL)', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ PUBLIC_API_URL: 'http://api.tribe.test', PUBLIC_FILES_URL: 'http://files.tribe-usercontent.test' });
  });
  afterAll(async () => {
    await api.close();
    await rm(api.config.UPLOAD_DIR, { recursive: true, force: true });
  });

  it('gives file URLs on that host, which the API serves when it forwards there', async () => {
    const person = await signUp(api);
    const png = await solid(10, 10).png().toBuffer();
    const { body } = await api.http().post('/api/v1/upload').set(bearer(person.token)).attach('image', png, 'a.png').expect(201);
    expect(body.url).toBe(`http://files.tribe-usercontent.test/api/v1/upload/files/${body.id}.png`);
    const file = await api.http().get(pathOf(body.url)).set('Host', 'files.tribe-usercontent.test').buffer(true).expect(200);
    expect(Buffer.compare(file.body as Buffer, png)).toBe(0);
    expect(file.headers['content-security-policy']).toBe('sandbox');
    const responsive = await api.http().get(`/api/v1/upload/responsive/${body.id}`).set(bearer(person.token)).expect(200);
    expect(responsive.body.original).toBe(body.url);
  });
});
