import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for the Authorization header, written over node:crypto so that the S3
 * adapter needs no SDK. Reference: "Signature Calculations for the Authorization Header" in the
 * Amazon S3 API reference; sigv4.spec.ts checks it against AWS's published example values.
 */

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SigV4Request {
  method: string;
  /** Host as sent on the wire (with the port when it is not the scheme's default). */
  host: string;
  /** The path exactly as it will be sent, already percent-encoded (see encodeRfc3986Path). */
  path: string;
  query?: Record<string, string>;
  /** Headers to sign besides host and x-amz-date (names in any case). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body, or UNSIGNED-PAYLOAD. */
  payloadHash: string;
}

export interface SigV4Scope {
  credentials: SigV4Credentials;
  region: string;
  service: string;
  now: Date;
}

export interface SignedRequest {
  /** Every header to send except host (which the HTTP client sets from the URL). */
  headers: Record<string, string>;
  authorization: string;
  signature: string;
  canonicalRequest: string;
  stringToSign: string;
}

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding: everything but unreserved characters, as AWS canonical requests require. */
export function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Encodes each segment of a path, keeping the slashes. */
export const encodeRfc3986Path = (path: string): string => path.split('/').map(encodeRfc3986).join('/');

/** 20130524T000000Z */
export const amzDate = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function signingKey(secretAccessKey: string, day: string, region: string, service: string): Buffer {
  const dateKey = hmac(`AWS4${secretAccessKey}`, day);
  const regionKey = hmac(dateKey, region);
  const serviceKey = hmac(regionKey, service);
  return hmac(serviceKey, 'aws4_request');
}

function canonicalQuery(query: Record<string, string>): string {
  return Object.entries(query)
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

const canonicalValue = (value: string): string => value.trim().replace(/\s+/g, ' ');

export function signV4(request: SigV4Request, scope: SigV4Scope): SignedRequest {
  const timestamp = amzDate(scope.now);
  const day = timestamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  headers['x-amz-date'] = timestamp;
  if (scope.credentials.sessionToken) headers['x-amz-security-token'] = scope.credentials.sessionToken;
  delete headers.host;

  const signed: Record<string, string> = { ...headers, host: request.host };
  const names = Object.keys(signed).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    request.path || '/',
    canonicalQuery(request.query ?? {}),
    names.map((name) => `${name}:${canonicalValue(signed[name]!)}\n`).join(''),
    signedHeaders,
    request.payloadHash,
  ].join('\n');

  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', timestamp, credentialScope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(scope.credentials.secretAccessKey, day, scope.region, scope.service))
    .update(stringToSign, 'utf8')
    .digest('hex');
  const authorization =
    `AWS4-HMAC-SHA256 Credential=${scope.credentials.accessKeyId}/${credentialScope}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { headers: { ...headers, authorization }, authorization, signature, canonicalRequest, stringToSign };
}
