/** Keys are never reused (a new file gets a new key), so browsers and CDNs may keep files for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Headers for a file people uploaded. Opened on its own, it is a sandboxed document (an opaque origin:
 * no script, no forms, no cookies or storage of this host) whatever a browser makes of it; its type is
 * never sniffed; pictures and videos show inline, anything else is a download.
 */
export function uploadedFileHeaders(key: string, contentType: string): Record<string, string> {
  const shown = contentType.startsWith('image/') || contentType.startsWith('video/');
  return {
    'content-type': contentType,
    'content-security-policy': 'sandbox',
    'x-content-type-options': 'nosniff',
    // Keys are [a-z0-9_-] and one dot (storage-keys.ts): safe inside the quotes.
    'content-disposition': `${shown ? 'inline' : 'attachment'}; filename="${key}"`,
    'cache-control': IMMUTABLE,
    'accept-ranges': 'bytes',
  };
}
