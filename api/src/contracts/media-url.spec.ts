import { isOwnUploadUrl, mediaUrl, setOwnUploadBases } from './media-url.js';

const OWN = 'http://localhost:3001/api/v1/upload/files';

describe('mediaUrl', () => {
  afterEach(() => setOwnUploadBases([]));

  it('accepts https from anywhere', () => {
    expect(mediaUrl.parse(' https://cdn.example.in/a.webp ')).toBe('https://cdn.example.in/a.webp');
    expect(mediaUrl.safeParse('HTTPS://CDN.example.in/a.webp').success).toBe(true);
  });

  it('refuses plain http from elsewhere with its own code', () => {
    const result = mediaUrl.safeParse('http://cdn.example.in/a.webp');
    expect(result.error?.issues[0]).toMatchObject({ message: 'must be an https URL', params: { code: 'media_url_not_https' } });
  });

  it('refuses what is not a web address at all as before', () => {
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://files.example.in/a.png', 'not a url']) {
      expect(mediaUrl.safeParse(url).error?.issues[0]?.message).toBe('must be a valid URL');
    }
  });

  it("accepts the product's own uploads whatever their scheme, once the API has said where they are served from", () => {
    const own = `${OWN}/0b0e0b1a-56a4-4d7e-9c55-3f1f8f1e2a10.jpg`;
    expect(mediaUrl.safeParse(own).success).toBe(false);
    setOwnUploadBases([OWN]);
    expect(mediaUrl.parse(own)).toBe(own);
  });
});

describe('isOwnUploadUrl', () => {
  beforeEach(() => setOwnUploadBases([OWN, 'http://minio.local:9000/tribe/']));
  afterEach(() => setOwnUploadBases([]));

  it.each([
    [`${OWN}/a.jpg`, true],
    [`${OWN}/a-w640.webp`, true],
    ['http://minio.local:9000/tribe/a.jpg', true],
    // Another host, port or path, or the base's host smuggled in as credentials.
    ['http://uploads.example.in/api/v1/upload/files/a.jpg', false],
    ['http://localhost:3002/api/v1/upload/files/a.jpg', false],
    ['http://localhost:3001/api/v1/users/a.jpg', false],
    ['http://localhost:3001/api/v1/upload/files-elsewhere/a.jpg', false],
    ['http://localhost:3001/api/v1/upload/files/../../users/a.jpg', false],
    ['http://localhost:3001@evil.example.in/api/v1/upload/files/a.jpg', false],
    ['http://localhost:3001:x@localhost:3001/api/v1/upload/files/a.jpg', false],
    ['https://localhost:3001/api/v1/upload/files/a.jpg', false],
    ['not a url', false],
  ])('%s → %s', (url, own) => {
    expect(isOwnUploadUrl(url)).toBe(own);
  });
});
