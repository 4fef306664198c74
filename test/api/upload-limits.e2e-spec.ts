import { readdir, rm } from 'node:fs/promises';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { bearer, signUp, type SignedUp } from '../support/factories.js';
import { countRows, startTestApi, type TestApi } from '../support/test-api.js';
import { mp4 } from '../support/media-fixtures.js';

let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 12, height: 12, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
});

async function fileCount(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

function uploader(api: TestApi, person: SignedUp) {
  return {
    image: () => api.http().post('/api/v1/upload').set(bearer(person.token)).attach('image', png, 'a.png'),
    video: (bytes: number) =>
      api
        .http()
        .post('/api/v1/upload/video')
        .set(bearer(person.token))
        .attach('video', mp4(bytes - 40), 'a.mp4'),
  };
}

describe('upload limits', () => {
  describe('per-person rate', () => {
    let api: TestApi;
    let redis: Redis;

    beforeAll(async () => {
      api = await startTestApi({ UPLOAD_RATE_PER_MINUTE: '3', UPLOAD_RATE_PER_HOUR: '4' });
      redis = new Redis(api.config.REDIS_URL);
    });
    afterAll(async () => {
      redis.disconnect();
      await api.close();
      await rm(api.config.UPLOAD_DIR, { recursive: true, force: true });
    });

    it("counts images and videos together; over the minute's limit is a 429 with Retry-After, reading and storing nothing", async () => {
      const person = await signUp(api);
      const send = uploader(api, person);
      await send.image().expect(201);
      await send.video(2_000).expect(201);
      await send.image().expect(201);

      const [media, files] = [await countRows(api.db, 'media'), await fileCount(api.config.UPLOAD_DIR)];
      const refused = await send.image().expect(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect(refused.body).toEqual({
        error: `You are uploading too many files. Please try again in ${wait} second${wait === 1 ? '' : 's'}.`,
        code: 'too_many_uploads',
      });
      await send.video(2_000).expect(429);
      expect([await countRows(api.db, 'media'), await fileCount(api.config.UPLOAD_DIR)]).toEqual([media, files]);

      // Someone else is not held back.
      await uploader(api, await signUp(api))
        .image()
        .expect(201);
    });

    it("the hour's limit holds after the minute's window has passed, and says how many minutes to wait", async () => {
      const person = await signUp(api);
      const send = uploader(api, person);
      for (let upload = 0; upload < 3; upload++) await send.image().expect(201);
      await send.image().expect(429);
      // The minute's window ends (its counter expires); the hour's (4 attempts so far) does not.
      await redis.del(`${api.config.QUEUE_PREFIX}:uploads:minute:${person.user.id}`);
      const refused = await send.image().expect(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_500);
      expect(refused.body.error).toBe('You are uploading too many files. Please try again in 60 minutes.');
    });
  });

  describe('per-person storage quota', () => {
    const QUOTA = 10_240;
    let api: TestApi;

    beforeAll(async () => {
      api = await startTestApi({ UPLOAD_QUOTA_BYTES: String(QUOTA) });
    });
    afterAll(async () => {
      await api.close();
      await rm(api.config.UPLOAD_DIR, { recursive: true, force: true });
    });

    const used = async (person: SignedUp) =>
      Number((await api.db.query('SELECT coalesce(sum(bytes), 0) AS used FROM media WHERE owner_id = $1', [person.user.id])).rows[0].used);

    it('refuses a file that would not fit with 413 and a readable message, storing nothing; a smaller one still fits', async () => {
      const person = await signUp(api);
      const send = uploader(api, person);
      await send.video(6_144).expect(201);

      const [media, files] = [await countRows(api.db, 'media'), await fileCount(api.config.UPLOAD_DIR)];
      const refused = await send.video(6_144).expect(413);
      expect(refused.body).toEqual({
        error:
          'This upload would take your files past your storage limit. The limit is 10 KB and you have used 6 KB. ' +
          'Files you upload but do not use are removed 24 hours after their upload.',
        code: 'upload_quota_exceeded',
      });
      expect([await countRows(api.db, 'media'), await fileCount(api.config.UPLOAD_DIR)]).toEqual([media, files]);

      await send.image().expect(201);
      await send.video(QUOTA - (await used(person))).expect(201);
      expect(await used(person)).toBe(QUOTA);

      // Full: refused before the file is even read.
      const full = await send.image().expect(413);
      expect(full.body.error).toContain('The limit is 10 KB and you have used 10 KB.');
      // Another person has their own quota.
      await uploader(api, await signUp(api))
        .video(6_144)
        .expect(201);
    });

    it('lets only one of two uploads sent at once into the last of the quota', async () => {
      const person = await signUp(api);
      const send = uploader(api, person);
      const files = await fileCount(api.config.UPLOAD_DIR);
      const statuses = (await Promise.all([send.video(6_000), send.video(6_000)])).map((response) => response.status).sort();
      expect(statuses).toEqual([201, 413]);
      expect(await used(person)).toBe(6_000);
      expect(await fileCount(api.config.UPLOAD_DIR)).toBe(files + 1);
    });
  });
});
