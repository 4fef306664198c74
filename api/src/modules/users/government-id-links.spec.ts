import { GOVERNMENT_ID_LINK_TTL_SECONDS, opensGovernmentId, signGovernmentIdLink } from './government-id-links.js';

const SECRET = 'a-secret-of-sixteen-or-more';
const PERSON = '6f1c1c8e-3a8b-4a43-9d0c-5d0f6b3c2a10';
const ID_URL = 'http://localhost:3000/api/v1/uploads/files/abc.jpg';
const NOW = new Date('2031-06-01T10:00:00Z');

const linkQuery = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams) as { expires: string; signature: string };

describe('government id links', () => {
  const link = signGovernmentIdLink(SECRET, PERSON, ID_URL, NOW);
  const query = linkQuery(link.path);

  it('opens the id it was made for until it expires, five minutes on', () => {
    expect(link.expiresAt.getTime() - NOW.getTime()).toBe(GOVERNMENT_ID_LINK_TTL_SECONDS * 1000);
    expect(opensGovernmentId(SECRET, PERSON, ID_URL, query, new Date(link.expiresAt.getTime() - 1000))).toBe(true);
    expect(opensGovernmentId(SECRET, PERSON, ID_URL, query, link.expiresAt)).toBe(false);
  });

  it('opens nothing once the person, the id, the expiry or the signature differs', () => {
    expect(opensGovernmentId(SECRET, '7f1c1c8e-3a8b-4a43-9d0c-5d0f6b3c2a10', ID_URL, query, NOW)).toBe(false);
    expect(opensGovernmentId(SECRET, PERSON, 'http://localhost:3000/api/v1/uploads/files/new.jpg', query, NOW)).toBe(false);
    expect(opensGovernmentId(SECRET, PERSON, ID_URL, { ...query, expires: String(Number(query.expires) + 3600) }, NOW)).toBe(false);
    expect(opensGovernmentId('another-secret-entirely', PERSON, ID_URL, query, NOW)).toBe(false);
    expect(opensGovernmentId(SECRET, PERSON, ID_URL, { expires: query.expires, signature: 'zz' }, NOW)).toBe(false);
    expect(opensGovernmentId(SECRET, PERSON, ID_URL, {}, NOW)).toBe(false);
  });
});
