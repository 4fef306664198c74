import { type ResponsiveImage } from '../../contracts/event/event-view.js';
import { type MediaVariant } from './entities/media.entity.js';

/** The name of an uploaded original (`<media id>.<extension>`) at the end of its URL; group 1 is the id. */
export const UPLOADED_FILE_NAME = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.[a-z0-9]+$';

/** The ready variants of the uploaded images among `urls` (a set of text, e.g. `unnest(p.photos)`), by file name. */
export const readyVariantsByFile = (urls: string) =>
  `(SELECT jsonb_object_agg(m.storage_key, m.variants) FROM media m
     WHERE m.variants_status = 'ready' AND m.id = ANY (ARRAY(
       SELECT substring(image FROM '${UPLOADED_FILE_NAME}')::uuid FROM ${urls} AS image)))`;

/** The ready variants of the one uploaded image at `url` (a column). */
export const readyVariantsOf = (url: string) =>
  `(SELECT m.variants FROM media m WHERE m.variants_status = 'ready' AND m.id = substring(${url} FROM '${UPLOADED_FILE_NAME}')::uuid)`;

/**
 * An image with the WebP variants made of it, smallest first. A variant lives beside its original,
 * so its URL is the original's with the file name swapped: whatever host served the original serves it.
 */
export function responsiveImage(url: string, variants: readonly MediaVariant[]): ResponsiveImage {
  const base = url.slice(0, url.lastIndexOf('/') + 1);
  return {
    url,
    variants: [...variants]
      .sort((a, b) => a.width - b.width)
      .map((variant) => ({ width: variant.width, height: variant.height, url: base + variant.key })),
  };
}

/** Each of `urls` with its variants from `byFile` (readyVariantsByFile's answer), in the same order. */
export const responsiveImages = (urls: readonly string[], byFile: Record<string, MediaVariant[]> | null): ResponsiveImage[] =>
  urls.map((url) => responsiveImage(url, byFile?.[url.slice(url.lastIndexOf('/') + 1)] ?? []));
