import { EMPTY_SHA256, encodeRfc3986Path, sha256Hex, signingKey, signV4 } from './sigv4.js';

// AWS's documented example values: the SigV4 documentation (IAM walkthrough and test suite) uses
// AKIDEXAMPLE at 2015-08-30T12:36:00Z; the S3 API reference ("Signature Calculations for the
// Authorization Header: Transferring Payload in a Single Chunk") uses examplebucket at 2013-05-24.
const suite = {
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
  region: 'us-east-1',
  now: new Date('2015-08-30T12:36:00Z'),
};
const s3 = {
  credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
  region: 'us-east-1',
  service: 's3',
  now: new Date('2013-05-24T00:00:00Z'),
};
const bucketHost = 'examplebucket.s3.amazonaws.com';

describe('AWS Signature Version 4', () => {
  it('derives the signing key of the documentation walkthrough', () => {
    expect(signingKey(suite.credentials.secretAccessKey, '20150830', 'us-east-1', 'iam').toString('hex')).toBe(
      'c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9',
    );
  });

  it('signs the IAM ListUsers walkthrough request', () => {
    const signed = signV4(
      {
        method: 'GET',
        host: 'iam.amazonaws.com',
        path: '/',
        query: { Version: '2010-05-08', Action: 'ListUsers' },
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
        payloadHash: EMPTY_SHA256,
      },
      { ...suite, service: 'iam' },
    );
    expect(sha256Hex(signed.canonicalRequest)).toBe('f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59');
    expect(signed.signature).toBe('5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7');
  });

  it('produces the exact Authorization header of the test suite get-vanilla case', () => {
    const signed = signV4(
      { method: 'GET', host: 'example.amazonaws.com', path: '/', payloadHash: EMPTY_SHA256 },
      { ...suite, service: 'service' },
    );
    expect(signed.headers['x-amz-date']).toBe('20150830T123600Z');
    expect(signed.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  it('sorts query parameters (get-vanilla-query-order-key-case)', () => {
    const signed = signV4(
      { method: 'GET', host: 'example.amazonaws.com', path: '/', query: { Param2: 'value2', Param1: 'value1' }, payloadHash: EMPTY_SHA256 },
      { ...suite, service: 'service' },
    );
    expect(signed.signature).toBe('b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500');
  });

  it('signs the S3 GET Object example (ranged read)', () => {
    const signed = signV4(
      {
        method: 'GET',
        host: bucketHost,
        path: '/test.txt',
        headers: { Range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_SHA256 },
        payloadHash: EMPTY_SHA256,
      },
      s3,
    );
    expect(signed.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs the S3 PUT Object example, encoding the key the way S3 does', () => {
    const payloadHash = sha256Hex('Welcome to Amazon S3.');
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const path = encodeRfc3986Path('/test$file.text');
    expect(path).toBe('/test%24file.text');
    const signed = signV4(
      {
        method: 'PUT',
        host: bucketHost,
        path,
        headers: {
          Date: 'Fri, 24 May 2013 00:00:00 GMT',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
          'x-amz-content-sha256': payloadHash,
        },
        payloadHash,
      },
      s3,
    );
    expect(signed.authorization).toContain('SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,');
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('signs the S3 bucket examples: a sub-resource without a value and a sorted listing query', () => {
    const get = (query: Record<string, string>) =>
      signV4(
        { method: 'GET', host: bucketHost, path: '/', query, headers: { 'x-amz-content-sha256': EMPTY_SHA256 }, payloadHash: EMPTY_SHA256 },
        s3,
      ).signature;
    expect(get({ lifecycle: '' })).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
    expect(get({ prefix: 'J', 'max-keys': '2' })).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });

  it('signs a session token when temporary credentials are used', () => {
    const signed = signV4(
      { method: 'GET', host: 'example.amazonaws.com', path: '/', payloadHash: EMPTY_SHA256 },
      { ...suite, service: 'service', credentials: { ...suite.credentials, sessionToken: 'token-123' } },
    );
    expect(signed.headers['x-amz-security-token']).toBe('token-123');
    expect(signed.authorization).toContain('SignedHeaders=host;x-amz-date;x-amz-security-token,');
  });
});
