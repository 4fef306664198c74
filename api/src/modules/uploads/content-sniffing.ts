/**
 * What a file is, decided from its first bytes (its signature), never from its name or the
 * content type the client claims. Pure functions over the head of the file.
 */

export interface DetectedType {
  contentType: string;
  /** The extension the product stores it under. */
  extension: string;
}

/** Enough bytes for every signature below (the ISO-BMFF ftyp box and the EBML header are short). */
export const SNIFF_BYTES = 64;

export const IMAGE_TYPES = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  gif: { contentType: 'image/gif', extension: 'gif' },
  avif: { contentType: 'image/avif', extension: 'avif' },
} as const satisfies Record<string, DetectedType>;

export type ImageKind = keyof typeof IMAGE_TYPES;

export const VIDEO_TYPES = {
  mp4: { contentType: 'video/mp4', extension: 'mp4' },
  quicktime: { contentType: 'video/quicktime', extension: 'mov' },
  webm: { contentType: 'video/webm', extension: 'webm' },
} as const satisfies Record<string, DetectedType>;

export type VideoKind = keyof typeof VIDEO_TYPES;

const startsWith = (head: Buffer, bytes: readonly number[], offset = 0): boolean =>
  head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte);

const ascii = (head: Buffer, start: number, end: number): string => (head.length >= end ? head.toString('latin1', start, end) : '');

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const EBML = [0x1a, 0x45, 0xdf, 0xa3];

/** The ISO base media file format (MP4, QuickTime, AVIF, HEIC) starts with an ftyp box. */
function ftypBrands(head: Buffer): { major: string; compatible: string[] } | undefined {
  if (ascii(head, 4, 8) !== 'ftyp') return undefined;
  const boxSize = head.readUInt32BE(0);
  if (boxSize < 16) return undefined;
  const major = ascii(head, 8, 12);
  const compatible: string[] = [];
  for (let offset = 16; offset + 4 <= Math.min(boxSize, head.length); offset += 4) compatible.push(ascii(head, offset, offset + 4));
  return { major, compatible };
}

const AVIF_BRANDS = new Set(['avif', 'avis']);

export function sniffImage(head: Buffer): ImageKind | undefined {
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, PNG)) return 'png';
  const gif = ascii(head, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  const brands = ftypBrands(head);
  // HEIC is refused: the image library here decodes AV1 (AVIF) but not HEVC.
  if (brands && (AVIF_BRANDS.has(brands.major) || (brands.major === 'mif1' && brands.compatible.some((b) => AVIF_BRANDS.has(b))))) {
    return 'avif';
  }
  return undefined;
}

/** Major brands of MP4 files (ISO 14496-12/14 and the common encoder brands). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'dash',
  'msnv',
  'ndas',
  'mmp4',
  'M4V ',
  'M4VH',
  'M4VP',
  'f4v ',
]);
/** Top-level atoms an old QuickTime file without an ftyp box starts with. */
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide']);

/** Reads an EBML variable-length integer; returns its value and length, or undefined. */
function readVint(head: Buffer, offset: number): { value: number; length: number } | undefined {
  const first = head[offset];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (length > 8 || offset + length > head.length) return undefined;
  let value = first & (0xff >> length);
  for (let index = 1; index < length; index++) value = value * 256 + head[offset + index]!;
  return { value, length };
}

/** The EBML header's DocType says whether a Matroska container is WebM. */
function ebmlDocType(head: Buffer): string | undefined {
  if (!startsWith(head, EBML)) return undefined;
  const headerSize = readVint(head, 4);
  if (!headerSize) return undefined;
  const end = Math.min(head.length, 4 + headerSize.length + headerSize.value);
  let offset = 4 + headerSize.length;
  while (offset + 2 < end) {
    const id = head[offset]! >= 0x80 ? 1 : head[offset]! >= 0x40 ? 2 : head[offset]! >= 0x20 ? 3 : 4;
    const elementId = head.readUIntBE(offset, Math.min(id, end - offset));
    const size = readVint(head, offset + id);
    if (!size) return undefined;
    const dataStart = offset + id + size.length;
    if (elementId === 0x4282) return head.toString('latin1', dataStart, Math.min(dataStart + size.value, head.length));
    offset = dataStart + size.value;
  }
  return undefined;
}

export function sniffVideo(head: Buffer): VideoKind | undefined {
  const brands = ftypBrands(head);
  if (brands) {
    if (brands.major === 'qt  ') return 'quicktime';
    if (MP4_BRANDS.has(brands.major)) return 'mp4';
    return undefined;
  }
  if (head.length >= 8 && head.readUInt32BE(0) >= 8 && QUICKTIME_ATOMS.has(ascii(head, 4, 8))) return 'quicktime';
  if (ebmlDocType(head) === 'webm') return 'webm';
  return undefined;
}
