/**
 * The tags a shared link's preview is drawn from (Open Graph, Twitter cards), for the pages people
 * share: an event, a post. Plain functions, unit tested (link-preview.spec.ts).
 */
import type { MetaDescriptor } from '@remix-run/node';

/** `value` (a path or a full URL) as a full URL on `origin`; undefined when there is none or it is not a URL. */
export function absoluteUrl(value: string | undefined, origin: string): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value, origin).toString();
  } catch {
    return undefined;
  }
}

/**
 * The page's title and description, and its preview: `title`, `description`, `url` and, when
 * there is one, the `image` (made a full URL on `origin`) drawn large.
 */
export function linkPreviewMeta({
  pageTitle,
  title,
  description,
  type,
  url,
  image,
  origin,
}: {
  pageTitle: string;
  title: string;
  description: string;
  type: 'website' | 'article';
  url: string;
  image: string | undefined;
  origin: string;
}): MetaDescriptor[] {
  const imageUrl = absoluteUrl(image, origin);
  const tags: MetaDescriptor[] = [
    { title: pageTitle },
    { name: 'description', content: description },
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: 'Tribe' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: imageUrl ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
  if (imageUrl) tags.push({ property: 'og:image', content: imageUrl }, { name: 'twitter:image', content: imageUrl });
  return tags;
}
