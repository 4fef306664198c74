import { randomBytes, randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { Redis } from 'ioredis';
import pg from 'pg';
import { uniqueMobile } from './fixtures.js';

/**
 * Data for browser journeys, made straight through the API (and, where a test needs a state the
 * API would refuse, the database): people, events and small pictures.
 */

export function apiUrl(): string {
  const url = process.env.TRIBE_API_URL;
  if (!url) throw new Error('TRIBE_API_URL is not set: run the browser tests through playwright.config.ts');
  return url;
}

export interface Person {
  id: string;
  token: string;
  email: string;
  password: string;
  name: string;
}

/**
 * A person registered through the API. An influencer is a verified host (their new events are
 * listed at once, docs/decisions.md "Event moderation") unless `verified` is false.
 */
export async function register(role: 'fan' | 'influencer', name: string, { verified = role === 'influencer' } = {}): Promise<Person> {
  const email = `${role}.${Date.now()}.${randomBytes(3).toString('hex')}@example.in`;
  const password = 'tribe-password-1';
  const response = await fetch(`${apiUrl()}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, name, role, age: 29, gender: 'female', mobile_number: uniqueMobile() }),
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: string; user: { id: string } };
  if (verified) await dbQuery('UPDATE users SET verified = true WHERE id = $1', [body.user.id]);
  return { id: body.user.id, token: body.token, email, password, name };
}

/** Calls the API as the person (bearer token); anything but a 2xx throws with the API's answer. */
export async function apiAs<T>(person: Person, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${apiUrl()}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${person.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A fan joined and paid through the API and the sandbox's pay route (the checkout page's own call). */
export async function paidApplicant(fan: Person, eventId: string, amount: number): Promise<void> {
  const order = await apiAs<{ orderId: string }>(fan, 'POST', '/payments/pre-authorization', { tempBidId: randomUUID(), eventId, amount });
  const paid = await fetch(`${apiUrl()}/api/v1/sandbox/orders/${order.orderId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome: 'success' }),
  });
  if (paid.status !== 200) throw new Error(`sandbox pay failed: ${paid.status} ${await paid.text()}`);
}

/** Waits for the workers to make the fan's application (after their payment) and answers its id. */
export async function pendingApplicationOf(host: Person, fan: Person, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = await apiAs<Array<{ id: string; fan: { id: string } }>>(host, 'GET', '/applications/pending');
    const id = pending.find((application) => application.fan.id === fan.id)?.id;
    if (id) return id;
    if (Date.now() > deadline) throw new Error(`no pending application of ${fan.name} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Seeds an event through the API (POST /events) as the given host. */
export async function seedEvent(host: Person, fields: Record<string, unknown>): Promise<{ id: string; title: string }> {
  const response = await fetch(`${apiUrl()}/api/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` },
    body: JSON.stringify({ category: 'others', ...fields }),
  });
  if (response.status !== 201) throw new Error(`event seed failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; title: string };
}

export const daysFromNow = (days: number, hour = 19) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour - 6, 30, 0, 0); // hh:00 India time is (hh-6):30 UTC
  return date.toISOString();
};

/** A small, valid RGB PNG of one colour (made here, so the test needs no fixture files). */
export function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads a picture through the API (POST /upload) and returns its URL. */
export async function uploadImage(person: Person, image: Buffer, name = 'photo.png'): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), name);
  const response = await fetch(`${apiUrl()}/api/v1/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${person.token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}

/**
 * Runs one statement on the test database: for states the API rightly refuses to create (text
 * stored before a rule existed, a file gone missing), which the web must still show well.
 */
export async function dbQuery(sql: string, params: unknown[] = []): Promise<void> {
  await dbRows(sql, params);
}

/** What one statement on the test database answers: for what no API shows (a push device's owner). */
export async function dbRows<T extends object>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.TRIBE_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Changes what event lists and pages show (events, their hosts' cards) behind the API's back
 * (dbQuery), then announces it as a worker announces its own event changes, so the API's cached
 * lists and pages drop what they held. Redis has written the announcement to the API's subscription
 * before it answers here; the API reads it on its next turn, while the browser's next request still
 * has the web server to go through.
 */
export async function changeEventsInDatabase(sql: string, params: unknown[] = []): Promise<void> {
  await dbQuery(sql, params);
  const redis = new Redis(process.env.TRIBE_REDIS_URL!, { lazyConnect: true });
  try {
    await redis.connect();
    const listeners = await redis.publish(`${process.env.TRIBE_QUEUE_PREFIX}:changed:event-lists`, 'a browser test');
    if (listeners === 0) throw new Error('no API process listens for event changes: check TRIBE_QUEUE_PREFIX');
  } finally {
    redis.disconnect();
  }
}
