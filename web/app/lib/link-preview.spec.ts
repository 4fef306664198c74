import { absoluteUrl, linkPreviewMeta } from './link-preview';

const ORIGIN = 'https://tribe.example';

describe('absoluteUrl', () => {
  it('puts a path on the origin and keeps a full URL', () => {
    expect(absoluteUrl('/uploads/a.jpg', ORIGIN)).toBe('https://tribe.example/uploads/a.jpg');
    expect(absoluteUrl('https://cdn.example/b.jpg', ORIGIN)).toBe('https://cdn.example/b.jpg');
  });

  it('has nothing for no value or one that is not a URL', () => {
    expect(absoluteUrl(undefined, ORIGIN)).toBeUndefined();
    expect(absoluteUrl('', ORIGIN)).toBeUndefined();
    expect(absoluteUrl('http://[::1', ORIGIN)).toBeUndefined();
  });
});

describe('linkPreviewMeta', () => {
  const base = {
    pageTitle: 'Asha Rao on Tribe · Community',
    title: 'Asha Rao on Tribe',
    description: 'Sunrise at the fort',
    type: 'article' as const,
    url: `${ORIGIN}/post/p1`,
    origin: ORIGIN,
  };

  it('draws the image large when there is one', () => {
    const tags = linkPreviewMeta({ ...base, image: '/uploads/p1.jpg' });
    expect(tags).toContainEqual({ title: 'Asha Rao on Tribe · Community' });
    expect(tags).toContainEqual({ property: 'og:type', content: 'article' });
    expect(tags).toContainEqual({ property: 'og:url', content: `${ORIGIN}/post/p1` });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(tags).toContainEqual({ property: 'og:image', content: `${ORIGIN}/uploads/p1.jpg` });
    expect(tags).toContainEqual({ name: 'twitter:image', content: `${ORIGIN}/uploads/p1.jpg` });
  });

  it('is a summary card without an image tag when there is none', () => {
    const tags = linkPreviewMeta({ ...base, image: undefined });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary' });
    expect(tags.some((tag) => 'property' in tag && tag.property === 'og:image')).toBe(false);
    expect(tags).toHaveLength(10);
  });
});
