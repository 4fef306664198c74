import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { S3Storage } from './s3.storage.js';
import { signV4, UNSIGNED_PAYLOAD } from './sigv4.js';

const credentials = { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret-key' };

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * A tiny path-style S3 (like MinIO): it re-signs what actually arrived on the wire with the same
 * secret and refuses any mismatch, and checks the body against x-amz-content-sha256.
 */
function fakeS3(bucket: string) {
  const objects = new Map<string, { body: Buffer; contentType: string; cacheControl?: string }>();
  const seen: Array<{ method: string; path: string; signedHeaders: string }> = [];

  const verify = (request: IncomingMessage, body: Buffer): boolean => {
    const auth = request.headers.authorization ?? '';
    const match = /Credential=([^/]+)\/\d{8}\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth);
    if (!match || match[1] !== credentials.accessKeyId) return false;
    const [, , region, signedHeaders, signature] = match;
    const names = signedHeaders!.split(';');
    if (!names.includes('host') || !names.includes('x-amz-content-sha256')) return false;
    const stamp = String(request.headers['x-amz-date']);
    const now = new Date(stamp.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    const payloadHash = String(request.headers['x-amz-content-sha256']);
    if (payloadHash !== UNSIGNED_PAYLOAD && payloadHash !== createHash('sha256').update(body).digest('hex')) return false;
    const headers = Object.fromEntries(names.filter((name) => name !== 'host').map((name) => [name, String(request.headers[name])]));
    const again = signV4(
      { method: request.method!, host: String(request.headers.host), path: request.url!, headers, payloadHash },
      { credentials, region: region!, service: 's3', now },
    );
    seen.push({ method: request.method!, path: request.url!, signedHeaders: signedHeaders! });
    return again.signature === signature;
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readAll(request);
      if (!verify(request, body)) {
        response.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const prefix = `/${bucket}/`;
      if (!request.url!.startsWith(prefix)) return void response.writeHead(404).end();
      const key = decodeURIComponent(request.url!.slice(prefix.length));
      const object = objects.get(key);
      switch (request.method) {
        case 'PUT':
          objects.set(key, {
            body,
            contentType: String(request.headers['content-type']),
            cacheControl: request.headers['cache-control'],
          });
          return void response.writeHead(200).end();
        case 'DELETE':
          objects.delete(key);
          return void response.writeHead(204).end();
        case 'HEAD':
          if (!object) return void response.writeHead(404).end();
          return void response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length }).end();
        case 'GET': {
          if (!object)
            return void response.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
          const range = /^bytes=(\d+)-(\d+)$/.exec(String(request.headers.range ?? ''));
          if (!range) return void response.writeHead(200, { 'content-type': object.contentType }).end(object.body);
          const [start, end] = [Number(range[1]), Number(range[2])];
          return void response
            .writeHead(206, { 'content-type': object.contentType, 'content-range': `bytes ${start}-${end}/${object.body.length}` })
            .end(object.body.subarray(start, end + 1));
        }
        default:
          return void response.writeHead(405).end();
      }
    })();
  });
  return { server, objects, seen };
}

describe('S3Storage against an S3-compatible endpoint', () => {
  const bucket = 'tribe-media';
  const fake = fakeS3(bucket);
  let endpoint: string;
  let storage: S3Storage;

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    storage = new S3Storage({ bucket, region: 'ap-south-1', credentials, endpoint, forcePathStyle: true });
  });
  afterAll(async () => {
    await new Promise((resolve) => fake.server.close(resolve));
  });

  it('stores a buffer with a signed payload hash, its content type and long cache headers', async () => {
    await storage.put('a1.png', Buffer.from('png bytes'), { contentType: 'image/png' });
    expect(fake.objects.get('a1.png')).toEqual({
      body: Buffer.from('png bytes'),
      contentType: 'image/png',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(fake.seen.at(-1)).toEqual({
      method: 'PUT',
      path: `/${bucket}/a1.png`,
      signedHeaders: 'cache-control;content-length;content-type;host;x-amz-content-sha256;x-amz-date',
    });
  });

  it('streams a file of known size, signing its hash when given', async () => {
    const body = Buffer.alloc(200_000, 7);
    const sha256 = createHash('sha256').update(body).digest('hex');
    await storage.put('v1.mp4', Readable.from([body.subarray(0, 1000), body.subarray(1000)]), {
      contentType: 'video/mp4',
      bytes: body.length,
      sha256,
    });
    expect(fake.objects.get('v1.mp4')!.body.equals(body)).toBe(true);
  });

  it('reads whole objects and ranges, reports sizes, and says null for a missing key', async () => {
    await storage.put('r1.webm', Buffer.from('0123456789'), { contentType: 'video/webm' });
    expect(await storage.head('r1.webm')).toEqual({ bytes: 10, contentType: 'video/webm' });
    const whole = await storage.read('r1.webm');
    expect((await readAll(whole!.stream)).toString()).toBe('0123456789');
    const part = await storage.read('r1.webm', { start: 2, end: 4 });
    expect(part!.bytes).toBe(10);
    expect((await readAll(part!.stream)).toString()).toBe('234');
    expect(await storage.head('missing.png')).toBeNull();
    expect(await storage.read('missing.png')).toBeNull();
  });

  it('deletes, and deleting again is fine', async () => {
    await storage.put('d1.gif', Buffer.from('gif'), { contentType: 'image/gif' });
    await storage.delete('d1.gif');
    await storage.delete('d1.gif');
    expect(fake.objects.has('d1.gif')).toBe(false);
  });

  it('fails loudly when the store refuses the signature', async () => {
    const wrong = new S3Storage({
      bucket,
      region: 'ap-south-1',
      credentials: { ...credentials, secretAccessKey: 'not-the-secret' },
      endpoint,
      forcePathStyle: true,
    });
    await expect(wrong.put('x1.png', Buffer.from('x'), { contentType: 'image/png' })).rejects.toThrow(
      'S3 PUT x1.png failed: HTTP 403 SignatureDoesNotMatch',
    );
    expect(fake.objects.has('x1.png')).toBe(false);
  });

  it('builds public URLs from S3_PUBLIC_URL, or the virtual-hosted object URL on AWS', () => {
    const cdn = new S3Storage({ bucket, region: 'ap-south-1', credentials, publicUrl: 'https://cdn.example.in/media/' });
    expect(cdn.publicUrl('a1.png')).toBe('https://cdn.example.in/media/a1.png');
    const aws = new S3Storage({ bucket, region: 'ap-south-1', credentials });
    expect(aws.publicUrl('a1.png')).toBe('https://tribe-media.s3.ap-south-1.amazonaws.com/a1.png');
    expect(storage.publicUrl('a1.png')).toBe(`${endpoint}/${bucket}/a1.png`);
    expect(() => aws.publicUrl('../secrets.png')).toThrow('Invalid storage key');
  });
});
