import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { Messages } from '../../contracts/messages.js';
import { prepareImage } from './image-preparation.js';
import { variantWidths } from './media-keys.js';
import { readableSize, readableWait } from './uploads.errors.js';

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 10, g: 160, b: 90 } } });

function pngChunk(name: string, data: Buffer): Buffer {
  const type = Buffer.from(name, 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])), 0);
  return Buffer.concat([length, type, data, crc]);
}

/** A tiny PNG whose header claims `width` × `height` pixels (its data is refused before it is read). */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('prepareImage', () => {
  it('keeps a clean image byte for byte and reports its size', async () => {
    for (const format of ['png', 'jpeg', 'webp', 'gif'] as const) {
      const input = await solid(30, 20).toFormat(format).toBuffer();
      const prepared = await prepareImage(input);
      expect(prepared).toMatchObject({ width: 30, height: 20, reencoded: false });
      expect(prepared.buffer).toBe(input);
    }
  });

  it('accepts AVIF as image/avif', async () => {
    const prepared = await prepareImage(await solid(16, 16).avif({ effort: 0 }).toBuffer());
    expect(prepared).toMatchObject({ kind: 'avif', contentType: 'image/avif', extension: 'avif' });
  });

  it('re-encodes a file carrying XMP (here a location) to drop it, keeping the format', async () => {
    const withXmp = await solid(12, 12).webp().withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/">GPS 12.97,77.59</x:xmpmeta>').toBuffer();
    const cleaned = await prepareImage(withXmp);
    expect(cleaned.reencoded).toBe(true);
    expect(cleaned.contentType).toBe('image/webp');
    expect((await sharp(cleaned.buffer).metadata()).xmp).toBeUndefined();
    expect(cleaned.buffer.includes('12.97')).toBe(false);
  });

  it('refuses images claiming more than 25 megapixels before decoding them', async () => {
    await expect(prepareImage(pngClaiming(10_000, 10_000))).rejects.toThrow(Messages.uploads.imageTooManyPixels);
    // The review's 143 KB PNG of 7000 × 7000 (49 MP) cost 1.5 s of decoding under the old 50 MP cap.
    await expect(prepareImage(pngClaiming(7_000, 7_000))).rejects.toThrow(Messages.uploads.imageTooManyPixels);
    await expect(prepareImage(pngClaiming(5_001, 5_000))).rejects.toThrow(Messages.uploads.imageTooManyPixels);
  });

  it("lets a phone's photo through the pixel cap: 12 MP and 24 MP go on to be decoded", async () => {
    // These headers carry no real pixels, so the decoder refuses them next: the cap did not.
    for (const [width, height] of [
      [4032, 3024],
      [5712, 4284],
      [4284, 5712],
    ] as const) {
      await expect(prepareImage(pngClaiming(width, height))).rejects.toThrow(Messages.uploads.unsupportedImage);
    }
  });

  it('refuses a file whose signature and decoder disagree or that does not decode', async () => {
    const png = await solid(8, 8).png().toBuffer();
    const jpegHeaderOnPng = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]);
    await expect(prepareImage(jpegHeaderOnPng)).rejects.toThrow(Messages.uploads.unsupportedImage);
    await expect(prepareImage(Buffer.from('GIF89a, then nothing useful'))).rejects.toThrow(Messages.uploads.unsupportedImage);
  });
});

describe('variantWidths', () => {
  it('uses the standard widths up to the original, or the original alone when it is smaller', () => {
    expect(variantWidths(4000)).toEqual([320, 640, 1024, 1600]);
    expect(variantWidths(1024)).toEqual([320, 640, 1024]);
    expect(variantWidths(700)).toEqual([320, 640]);
    expect(variantWidths(200)).toEqual([200]);
  });
});

describe('readableSize', () => {
  it('states limits the way people read them', () => {
    expect(readableSize(10 * 1_048_576)).toBe('10 MB');
    expect(readableSize(1_572_864)).toBe('1.5 MB');
    expect(readableSize(64 * 1024)).toBe('64 KB');
    expect(readableSize(2 * 1_073_741_824)).toBe('2 GB');
    expect(readableSize(1_610_612_736)).toBe('1.5 GB');
  });
});

describe('readableWait', () => {
  it('states a wait in seconds, minutes or hours, rounded up', () => {
    expect(readableWait(0.2)).toBe('1 second');
    expect(readableWait(42)).toBe('42 seconds');
    expect(readableWait(90)).toBe('2 minutes');
    expect(readableWait(3599)).toBe('60 minutes');
    expect(readableWait(86_400)).toBe('24 hours');
  });
});
