/** Storage keys and variant sizes, shared by the API and the variants worker. */

/** Responsive widths, in pixels; a variant is never wider than its original. */
export const VARIANT_WIDTHS = [320, 640, 1024, 1600] as const;

/** Largest image accepted, in pixels (width × height × frames): bounds the memory a resize needs. */
export const MAX_IMAGE_PIXELS = 50_000_000;

export const originalKey = (mediaId: string, extension: string): string => `${mediaId}.${extension}`;

export const variantKey = (mediaId: string, width: number): string => `${mediaId}-w${width}.webp`;

/**
 * The widths to make for an original `width` pixels wide: every standard width up to it, or the
 * original width alone when it is narrower than the smallest, so there is always a WebP.
 */
export function variantWidths(width: number): number[] {
  const widths = VARIANT_WIDTHS.filter((candidate) => candidate <= width);
  return widths.length > 0 ? widths : [width];
}
