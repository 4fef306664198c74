/** Storage keys and variant sizes, shared by the API and the variants worker. */

/** Responsive widths, in pixels; a variant is never wider than its original. */
export const VARIANT_WIDTHS = [320, 640, 1024, 1600] as const;

/**
 * Largest image accepted, in pixels (width × height × frames): bounds the memory and CPU a decode
 * needs (a 7000 × 7000 PNG of 143 KB took 1.5 s to check). 25 MP takes a phone's photos as they come:
 * 12 MP (4032 × 3024) with room to spare and 24 MP (5712 × 4284, 24.5 MP), the default of recent
 * iPhones; 48–200 MP "full resolution" modes are refused with a message asking for a smaller one.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;

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
