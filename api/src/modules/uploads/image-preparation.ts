import type { Metadata, Sharp } from 'sharp';
import { IMAGE_TYPES, sniffImage, type ImageKind } from './content-sniffing.js';
import { MAX_IMAGE_PIXELS } from './media-keys.js';
import { loadSharp } from './sharp-codec.js';
import { tooManyPixels, unsupportedImage } from './uploads.errors.js';

export interface PreparedImage {
  buffer: Buffer;
  kind: ImageKind;
  contentType: string;
  extension: string;
  /** As displayed (after EXIF orientation), per frame. */
  width: number;
  height: number;
  /** True when the file was re-encoded to drop its metadata. */
  reencoded: boolean;
}

/** The decoder sharp must report for each signature; AVIF is HEIF with the AV1 codec. */
const DECODER: Record<ImageKind, (meta: Metadata) => boolean> = {
  jpeg: (meta) => meta.format === 'jpeg',
  png: (meta) => meta.format === 'png',
  webp: (meta) => meta.format === 'webp',
  gif: (meta) => meta.format === 'gif',
  avif: (meta) => meta.format === 'heif' && meta.compression === 'av1',
};

/** Metadata that can say who or where: camera EXIF (GPS, serial numbers), XMP, IPTC, text chunks. */
const carriesPersonalMetadata = (meta: Metadata): boolean =>
  Boolean(meta.exif || meta.xmp || meta.iptc || meta.tifftagPhotoshop || (meta.comments && meta.comments.length > 0)) ||
  (meta.orientation !== undefined && meta.orientation !== 1);

function encodeAs(image: Sharp, kind: ImageKind): Sharp {
  switch (kind) {
    case 'jpeg':
      return image.jpeg({ quality: 90 });
    case 'png':
      return image.png();
    case 'webp':
      return image.webp({ quality: 90 });
    case 'gif':
      return image.gif();
    case 'avif':
      return image.avif({ quality: 70, effort: 3 });
  }
}

/**
 * Checks that the bytes are an image we accept — by signature, then by the decoder agreeing —
 * and removes personal metadata: a file carrying EXIF, XMP, IPTC or text chunks is re-encoded in
 * its own format, turned upright by its EXIF orientation and stripped (sharp writes no metadata
 * unless asked). A file with none of it is kept byte for byte, so no quality is lost.
 */
export async function prepareImage(input: Buffer): Promise<PreparedImage> {
  const kind = sniffImage(input);
  if (!kind) throw unsupportedImage();
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw unsupportedImage();
  }
  if (!DECODER[kind](meta) || !meta.width || !meta.height) throw unsupportedImage();
  const frames = meta.pages ?? 1;
  if (meta.width * meta.height * frames > MAX_IMAGE_PIXELS) throw tooManyPixels();

  const type = IMAGE_TYPES[kind];
  const upright = { width: meta.autoOrient?.width ?? meta.width, height: meta.autoOrient?.height ?? meta.height };
  const animated = frames > 1;
  // Every pixel is decoded once, so a truncated or corrupt file is refused now rather than
  // shown broken later; minor encoder warnings are tolerated.
  const decode = () => sharp(input, { animated, failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS });
  if (!carriesPersonalMetadata(meta)) {
    try {
      await decode().stats();
    } catch {
      throw unsupportedImage();
    }
    return { buffer: input, kind, ...type, ...upright, reencoded: false };
  }
  try {
    const source = decode().autoOrient();
    const { data, info } = await encodeAs(source, kind).toBuffer({ resolveWithObject: true });
    return { buffer: data, kind, ...type, width: info.width, height: info.pageHeight ?? info.height, reencoded: true };
  } catch {
    throw unsupportedImage();
  }
}
