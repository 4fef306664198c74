import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EMPTY_SHA256, encodeRfc3986, sha256Hex, signV4, UNSIGNED_PAYLOAD, type SigV4Credentials } from './sigv4.js';
import { assertStorageKey } from './storage-keys.js';
import { StorageError, type ByteRange, type ObjectInfo, type PutMeta, type StoragePort, type StoredObject } from './storage.port.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  credentials: SigV4Credentials;
  /** An S3-compatible endpoint (MinIO, R2, Spaces...); AWS's regional endpoint when absent. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Where browsers fetch objects (a CDN or the bucket's public URL); the object URL when absent. */
  publicUrl?: string;
  /** Per request, in milliseconds. */
  timeoutMs?: number;
}

/** Objects get long cache headers: keys are never reused, a changed file gets a new key. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * An S3-compatible object store over plain HTTP(S) with SigV4 signing, so no SDK is needed. Objects
 * are read by browsers from `publicUrl`; the bucket (or the CDN in front of it) must allow that.
 */
export class S3Storage implements StoragePort {
  private readonly base: URL;
  private readonly pathStyle: boolean;

  constructor(private readonly options: S3StorageOptions) {
    this.pathStyle = options.forcePathStyle ?? false;
    const endpoint = options.endpoint ?? `https://s3.${options.region}.amazonaws.com`;
    this.base = new URL(endpoint);
    if (!this.pathStyle) this.base.hostname = `${options.bucket}.${this.base.hostname}`;
  }

  private target(key: string): { url: URL; path: string } {
    const encodedKey = encodeRfc3986(assertStorageKey(key));
    const prefix = this.base.pathname.replace(/\/$/, '');
    const path = this.pathStyle ? `${prefix}/${encodeRfc3986(this.options.bucket)}/${encodedKey}` : `${prefix}/${encodedKey}`;
    return { url: new URL(path, this.base), path };
  }

  private async send(
    method: string,
    key: string,
    headers: Record<string, string>,
    payloadHash: string,
    body?: Buffer | Readable,
  ): Promise<IncomingMessage> {
    const { url, path } = this.target(key);
    const signed = signV4(
      { method, host: url.host, path, headers: { ...headers, 'x-amz-content-sha256': payloadHash }, payloadHash },
      { credentials: this.options.credentials, region: this.options.region, service: 's3', now: new Date() },
    );
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = send(url, { method, headers: signed.headers as OutgoingHttpHeaders, timeout: this.options.timeoutMs ?? 60_000 });
      outgoing.on('response', resolve);
      outgoing.on('error', reject);
      outgoing.on('timeout', () => outgoing.destroy(new StorageError(`S3 ${method} ${key} timed out`)));
      if (body === undefined) outgoing.end();
      else if (Buffer.isBuffer(body)) outgoing.end(body);
      else pipeline(body, outgoing).catch((error: unknown) => outgoing.destroy(error as Error));
    });
  }

  private async fail(response: IncomingMessage, what: string): Promise<never> {
    let text = '';
    for await (const chunk of response) if (text.length < 2000) text += String(chunk);
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    throw new StorageError(`S3 ${what} failed: HTTP ${response.statusCode}${code ? ` ${code}` : ''}`);
  }

  async put(key: string, body: Buffer | Readable, meta: PutMeta): Promise<void> {
    const bytes = Buffer.isBuffer(body) ? body.length : meta.bytes;
    if (bytes === undefined) throw new StorageError('S3 needs the size of a streamed upload');
    const payloadHash = Buffer.isBuffer(body) ? sha256Hex(body) : (meta.sha256 ?? UNSIGNED_PAYLOAD);
    const headers = { 'content-type': meta.contentType, 'content-length': String(bytes), 'cache-control': IMMUTABLE };
    const response = await this.send('PUT', key, headers, payloadHash, body);
    if (response.statusCode !== 200) await this.fail(response, `PUT ${key}`);
    response.resume();
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const response = await this.send('HEAD', key, {}, EMPTY_SHA256);
    response.resume();
    if (response.statusCode === 404) return null;
    if (response.statusCode !== 200) throw new StorageError(`S3 HEAD ${key} failed: HTTP ${response.statusCode}`);
    return this.info(response);
  }

  private info(response: IncomingMessage): ObjectInfo {
    return {
      bytes: Number(response.headers['content-length'] ?? 0),
      contentType: response.headers['content-type'] ?? 'application/octet-stream',
    };
  }

  async read(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}` } : {};
    const response = await this.send('GET', key, headers, EMPTY_SHA256);
    if (response.statusCode === 404) {
      response.resume();
      return null;
    }
    if (response.statusCode !== 200 && response.statusCode !== 206) await this.fail(response, `GET ${key}`);
    const total = /\/(\d+)$/.exec(response.headers['content-range'] ?? '')?.[1];
    const info = this.info(response);
    return { ...info, bytes: total ? Number(total) : info.bytes, stream: response };
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key, {}, EMPTY_SHA256);
    if (response.statusCode !== 204 && response.statusCode !== 200 && response.statusCode !== 404) {
      await this.fail(response, `DELETE ${key}`);
    }
    response.resume();
  }

  publicUrl(key: string): string {
    if (this.options.publicUrl) return `${this.options.publicUrl.replace(/\/$/, '')}/${encodeRfc3986(assertStorageKey(key))}`;
    return this.target(key).url.toString();
  }
}
