import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { MediaVariantsHandler } from '../../api/src/modules/uploads/jobs/media-variants.job.js';
import { UploadsSweepHandler, UploadsSweepJob } from '../../api/src/modules/uploads/jobs/uploads-sweep.job.js';
import { JobRegistry } from '../../api/src/platform/jobs/job-registry.js';
import { bearer, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { startTestApi, type TestApi } from '../support/test-api.js';
import { mp4 } from '../support/media-fixtures.js';

const FUTURE = '2031-06-01T19:00:00+05:30';

const picture = (shade: number, width = 700) =>
  sharp({ create: { width, height: 40, channels: 3, background: { r: shade, g: 90, b: 160 } } })
    .png()
    .toBuffer();

interface Upload {
  id: string;
  url: string;
}

describe('sweep of unused uploads (uploads.sweep)', () => {
  let api: TestApi;
  let sweeper: UploadsSweepHandler;
  let host: SignedUp;

  beforeAll(async () => {
    api = await startTestApi();
    sweeper = api.app.get(UploadsSweepHandler);
    host = await signUpHost(api);
  });
  afterAll(async () => {
    await api.close();
    await rm(api.config.UPLOAD_DIR, { recursive: true, force: true });
  });

  const uploadImage = async (person: SignedUp, shade: number): Promise<Upload> =>
    (
      await api
        .http()
        .post('/api/v1/upload')
        .set(bearer(person.token))
        .attach('image', await picture(shade), 'p.png')
        .expect(201)
    ).body;
  const uploadVideo = async (person: SignedUp): Promise<Upload> =>
    (await api.http().post('/api/v1/upload/video').set(bearer(person.token)).attach('video', mp4(500), 'v.mp4').expect(201)).body;

  /** As if uploaded `hours` ago. */
  const age = (upload: Upload, hours: number) =>
    api.db.query(`UPDATE media SET created_at = now() - make_interval(hours => $2) WHERE id = $1`, [upload.id, hours]);

  const row = async (upload: Upload) => (await api.db.query('SELECT storage_key, variants FROM media WHERE id = $1', [upload.id])).rows[0];
  const exists = (key: string) =>
    stat(join(api.config.UPLOAD_DIR, key.slice(0, 2), key)).then(
      () => true,
      () => false,
    );
  /** Its row, and every file it had (original and variants) as they are now. */
  async function state(upload: Upload, keys: string[]) {
    return { row: Boolean(await row(upload)), files: await Promise.all(keys.map(exists)) };
  }
  async function keysOf(upload: Upload): Promise<string[]> {
    const { storage_key: key, variants } = await row(upload);
    return [key, ...(variants as Array<{ key: string }>).map((variant) => variant.key)];
  }

  it('is a declared scheduled job with its handler', () => {
    const job = api.app.get(JobRegistry).get(UploadsSweepJob.name);
    expect(job?.definition).toMatchObject({ kind: 'scheduled', queue: 'media', everyMs: 3_600_000 });
    expect(job?.handler).toBe(sweeper);
  });

  it('deletes old uploads no record references (files, then row) and keeps referenced, fresh and retained ones', async () => {
    const fan = await signUp(api);
    const unused = await uploadImage(fan, 10);
    await api.app.get(MediaVariantsHandler).handle({ mediaId: unused.id, outboxId: randomUUID() });
    const avatar = await uploadImage(fan, 20);
    const gallery = await uploadImage(fan, 30);
    const eventImage = await uploadImage(host, 40);
    const eventVideo = await uploadVideo(host);
    const onDeletedEvent = await uploadImage(host, 50);
    const retained = await uploadImage(host, 60);
    const fresh = await uploadImage(fan, 70);

    await api
      .http()
      .put('/api/v1/users/me')
      .set(bearer(fan.token))
      .send({ avatar_url: avatar.url, media_gallery: [gallery.url] })
      .expect(200);
    // Referenced by a variant's URL, the way the web shows a responsive image.
    const variantUrl = eventImage.url.replace(/\.png$/, '-w640.webp');
    await api
      .http()
      .post('/api/v1/events')
      .set(bearer(host.token))
      .send({ title: 'Kept', date: FUTURE, images: [variantUrl], video: eventVideo.url })
      .expect(201);
    const gone = await api
      .http()
      .post('/api/v1/events')
      .set(bearer(host.token))
      .send({ title: 'Deleted', date: FUTURE, images: [onDeletedEvent.url] })
      .expect(201);
    await api.http().delete(`/api/v1/events/${gone.body.id}`).set(bearer(host.token)).expect(200);
    await api.db.query('UPDATE media SET retained_at = now() WHERE id = $1', [retained.id]);

    const old = [unused, avatar, gallery, eventImage, eventVideo, onDeletedEvent, retained];
    for (const upload of old) await age(upload, 25);
    await age(fresh, 23);
    const keys = new Map(await Promise.all([...old, fresh].map(async (upload) => [upload.id, await keysOf(upload)] as const)));
    expect(keys.get(unused.id)!.length).toBeGreaterThan(1); // it has variants

    const report = await sweeper.sweep();
    expect(report).toEqual({ checked: 6, deleted: 2, inUse: 4, putOff: 0 });

    for (const upload of [unused, onDeletedEvent]) {
      expect(await state(upload, keys.get(upload.id)!)).toEqual({ row: false, files: keys.get(upload.id)!.map(() => false) });
    }
    for (const upload of [avatar, gallery, eventImage, eventVideo, retained, fresh]) {
      expect(await state(upload, keys.get(upload.id)!)).toEqual({ row: true, files: keys.get(upload.id)!.map(() => true) });
    }

    // Run again: nothing to do. Those found in use are not looked at again before a grace period.
    expect(await sweeper.sweep()).toEqual({ checked: 0, deleted: 0, inUse: 0, putOff: 0 });

    // The avatar is replaced; a grace period later the old one is found unused and goes.
    await api.http().put('/api/v1/users/me').set(bearer(fan.token)).send({ avatar_url: null }).expect(200);
    await api.db.query(`UPDATE media SET sweep_checked_at = now() - interval '25 hours' WHERE id = $1`, [avatar.id]);
    expect(await sweeper.sweep()).toEqual({ checked: 1, deleted: 1, inUse: 0, putOff: 0 });
    expect(await state(avatar, keys.get(avatar.id)!)).toEqual({ row: false, files: [false] });
    expect(await row(gallery)).toBeDefined();
  });

  it('finishes an upload whose files an earlier run deleted before it died', async () => {
    const fan = await signUp(api);
    const half = await uploadImage(fan, 80);
    const keys = await keysOf(half);
    await age(half, 48);
    await rm(join(api.config.UPLOAD_DIR, keys[0]!.slice(0, 2), keys[0]!));

    expect(await sweeper.sweep()).toMatchObject({ deleted: 1, putOff: 0 });
    expect(await row(half)).toBeUndefined();
  });

  it('runs as the scheduled job (handle)', async () => {
    const fan = await signUp(api);
    const unused = await uploadImage(fan, 90);
    await age(unused, 30);
    await sweeper.handle();
    expect(await row(unused)).toBeUndefined();
  });
});
