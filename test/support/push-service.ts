import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PushPayload } from '../../api/src/contracts/notifications.contract.js';

/** A browser's PushSubscription.toJSON(), as the web app registers it. */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A push the service accepted, as the browser would get it. */
export interface ReceivedPush {
  endpoint: string;
  topic: string | undefined;
  ttl: number;
  urgency: string | undefined;
  /** The VAPID public key the request was signed with (`k=` of the Authorization header). */
  vapidKey: string;
  /** Bytes of the encrypted body. */
  bodyBytes: number;
  /** The body decrypted with the browser's keys. */
  payload: PushPayload;
}

/**
 * A browser vendor's push service (RFC 8030) on https://127.0.0.1, for Web Push tests. Subscriptions
 * are made here as a browser makes them (its own P-256 key pair and auth secret); a push to one is
 * checked as a push service checks it (a VAPID signature by the key the browser subscribed with,
 * else 403; an unknown endpoint is 404), decrypted with the browser's keys (RFC 8291) and recorded.
 * Per endpoint a test can make it answer another status, fail a number of times first, or be slow.
 *
 * web-push speaks only https, so the service has a self-signed certificate: `agent()` trusts it in
 * this process, and `certificateFile` is for NODE_EXTRA_CA_CERTS of a spawned API or workers.
 */
export interface PushService {
  /** https://127.0.0.1:<port> */
  url: string;
  certificateFile: string;
  /** An https agent that trusts this service's certificate. */
  agent: () => Agent;
  /** A new browser subscription; `vapidPublicKey` is the applicationServerKey it subscribed with. */
  subscribe: (vapidPublicKey?: string) => BrowserSubscription;
  /** Pushes accepted so far, oldest first (for one endpoint if given). */
  received: (endpoint?: string) => ReceivedPush[];
  /** Requests that reached the endpoint, accepted or not. */
  attempts: (endpoint: string) => number;
  /** Every further push to the endpoint gets this status (410: the subscription expired). */
  answer: (endpoint: string, status: number) => void;
  /** The next `times` pushes to the endpoint get `status` (500 unless given), then it accepts again. */
  failFirst: (endpoint: string, times: number, status?: number) => void;
  /** The endpoint answers only after `ms`. */
  delay: (endpoint: string, ms: number) => void;
  /** The most pushes this service was answering at once. */
  mostAtOnce: () => number;
  /** Pushes that arrived and are still held (delayed) before their answer: each is recorded when it is answered. */
  held: () => number;
  close: () => Promise<void>;
}

interface Browser {
  keys: ECDH;
  auth: Buffer;
  vapidPublicKey: string | undefined;
  status: number | undefined;
  failures: { left: number; status: number };
  delayMs: number;
  attempts: number;
}

const ACCEPTED = 201;

export async function startPushService(): Promise<PushService> {
  const { key, cert, certificateFile } = selfSignedCertificate();
  const browsers = new Map<string, Browser>();
  const received: ReceivedPush[] = [];
  const delayed = new Set<NodeJS.Timeout>();
  let [atOnce, mostAtOnce] = [0, 0];
  let url = '';

  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${url}${request.url}`;
      const browser = browsers.get(endpoint);
      if (request.method !== 'POST' || !browser) return end(response, 404, 'no such subscription');
      browser.attempts += 1;
      mostAtOnce = Math.max(mostAtOnce, ++atOnce);
      const timer = setTimeout(() => {
        delayed.delete(timer);
        atOnce -= 1;
        answer(endpoint, browser, request, Buffer.concat(chunks), response);
      }, browser.delayMs);
      delayed.add(timer);
    });
  });

  const answer = (endpoint: string, browser: Browser, request: IncomingMessage, body: Buffer, response: ServerResponse) => {
    if (browser.status !== undefined) return end(response, browser.status, 'as the test asked');
    if (browser.failures.left > 0) {
      browser.failures.left -= 1;
      return end(response, browser.failures.status, 'failing as the test asked');
    }
    const vapid = vapidOf(request.headers.authorization, new URL(endpoint).origin);
    if (!vapid.ok) return end(response, 401, vapid.reason);
    if (browser.vapidPublicKey && vapid.key !== browser.vapidPublicKey) {
      return end(response, 403, 'the VAPID key is not the one the browser subscribed with');
    }
    if (request.headers['content-encoding'] !== 'aes128gcm') return end(response, 400, 'only aes128gcm is accepted');
    received.push({
      endpoint,
      topic: request.headers.topic as string | undefined,
      ttl: Number(request.headers.ttl),
      urgency: request.headers.urgency as string | undefined,
      vapidKey: vapid.key,
      bodyBytes: body.length,
      payload: JSON.parse(decrypt(body, browser).toString('utf8')) as PushPayload,
    });
    response.setHeader('Location', `${url}/message/${randomUUID()}`);
    end(response, ACCEPTED, '');
  };

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `https://127.0.0.1:${(server.address() as { port: number }).port}`;

  const browserAt = (endpoint: string) => {
    const browser = browsers.get(endpoint);
    if (!browser) throw new Error(`${endpoint} is not a subscription of this push service`);
    return browser;
  };

  return {
    url,
    certificateFile,
    agent: () => new Agent({ ca: cert, keepAlive: true }),
    subscribe: (vapidPublicKey) => {
      const keys = createECDH('prime256v1');
      keys.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${url}/push/${randomUUID()}`;
      browsers.set(endpoint, {
        keys,
        auth,
        vapidPublicKey,
        status: undefined,
        failures: { left: 0, status: 500 },
        delayMs: 0,
        attempts: 0,
      });
      return { endpoint, keys: { p256dh: keys.getPublicKey('base64url'), auth: auth.toString('base64url') } };
    },
    received: (endpoint) => received.filter((push) => endpoint === undefined || push.endpoint === endpoint),
    attempts: (endpoint) => browserAt(endpoint).attempts,
    answer: (endpoint, status) => {
      browserAt(endpoint).status = status;
    },
    failFirst: (endpoint, times, status = 500) => {
      browserAt(endpoint).failures = { left: times, status };
    },
    delay: (endpoint, ms) => {
      browserAt(endpoint).delayMs = ms;
    },
    mostAtOnce: () => mostAtOnce,
    held: () => atOnce,
    close: async () => {
      for (const timer of delayed) clearTimeout(timer);
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

function end(response: ServerResponse, status: number, text: string): void {
  if (response.destroyed) return;
  response.writeHead(status, { 'Content-Type': 'text/plain' }).end(text);
}

/** RFC 8292: `vapid t=<JWT signed ES256 by k>, k=<public key>`, for this service's origin and not expired. */
function vapidOf(header: string | undefined, origin: string): { ok: true; key: string } | { ok: false; reason: string } {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) return { ok: false, reason: 'no VAPID authorization' };
  const [, head, claims, signature, key] = match as unknown as [string, string, string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    format: 'jwk',
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  const jwt = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud?: string; exp?: number; sub?: string };
  if (!signed) return { ok: false, reason: 'the VAPID signature does not verify' };
  if (jwt.aud !== origin) return { ok: false, reason: `the VAPID audience is ${jwt.aud}, not ${origin}` };
  if (!jwt.exp || jwt.exp * 1000 < Date.now()) return { ok: false, reason: 'the VAPID token expired' };
  return { ok: true, key };
}

/** RFC 8291 / RFC 8188: one aes128gcm record, decrypted with the browser's key pair and auth secret. */
function decrypt(body: Buffer, browser: Browser): Buffer {
  const salt = body.subarray(0, 16);
  const keyIdLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  const secret = browser.keys.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.keys.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, browser.auth, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  return padded.subarray(0, padded.lastIndexOf(2));
}

let certificate: { key: string; cert: string; certificateFile: string } | undefined;

/** A certificate for 127.0.0.1, made once per test process with openssl. */
function selfSignedCertificate(): { key: string; cert: string; certificateFile: string } {
  if (certificate) return certificate;
  const dir = mkdtempSync(join(tmpdir(), 'tribe-push-service-'));
  const [keyFile, certificateFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  // prettier-ignore
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certificateFile,
  ], { stdio: 'ignore', timeout: 10_000 });
  certificate = { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certificateFile, 'utf8'), certificateFile };
  return certificate;
}
