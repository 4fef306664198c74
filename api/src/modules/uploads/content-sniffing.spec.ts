import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { sniffImage, sniffVideo } from './content-sniffing.js';

const pixels = () => sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 40, b: 90 } } });

/** An ISO-BMFF ftyp box: size, "ftyp", major brand, minor version, compatible brands. */
function ftyp(major: string, compatible: string[]): Buffer {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  box.writeUInt32BE(0x200, 12);
  compatible.forEach((brand, index) => box.write(brand, 16 + 4 * index, 'latin1'));
  return Buffer.concat([box, Buffer.from([0, 0, 0, 8]), Buffer.from('free', 'latin1')]);
}

/** The start of a Matroska/WebM file: the EBML header with its DocType. */
function ebml(docType: string): Buffer {
  const body = Buffer.concat([
    Buffer.from([0x42, 0x86, 0x81, 0x01]), // EBMLVersion 1
    Buffer.from([0x42, 0xf7, 0x81, 0x01]), // EBMLReadVersion 1
    Buffer.from([0x42, 0x82, 0x80 | docType.length]), // DocType
    Buffer.from(docType, 'latin1'),
    Buffer.from([0x42, 0x87, 0x81, 0x04]), // DocTypeVersion 4
  ]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, Buffer.from([0x18, 0x53, 0x80, 0x67])]);
}

describe('sniffImage', () => {
  it('recognises real JPEG, PNG, WebP, GIF and AVIF files by their signature', async () => {
    expect(sniffImage(await pixels().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImage(await pixels().png().toBuffer())).toBe('png');
    expect(sniffImage(await pixels().webp().toBuffer())).toBe('webp');
    expect(sniffImage(await pixels().gif().toBuffer())).toBe('gif');
    expect(sniffImage(await pixels().avif({ effort: 0 }).toBuffer())).toBe('avif');
  });

  it('refuses text, SVG, HEIC, videos, random bytes and empty files whatever they are called', () => {
    expect(sniffImage(Buffer.from('this is a text file pretending to be photo.jpg'))).toBeUndefined();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeUndefined();
    expect(sniffImage(ftyp('heic', ['mif1', 'heic']))).toBeUndefined();
    expect(sniffImage(ftyp('isom', ['isom', 'mp42']))).toBeUndefined();
    expect(sniffImage(Buffer.from([0xff, 0xd8]))).toBeUndefined(); // too short to be a JPEG
    expect(sniffImage(Buffer.alloc(0))).toBeUndefined();
    expect(sniffImage(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')]))).toBeUndefined();
  });

  it('accepts a generic HEIF brand only when it declares AVIF', () => {
    expect(sniffImage(ftyp('mif1', ['mif1', 'avif', 'miaf']))).toBe('avif');
    expect(sniffImage(ftyp('mif1', ['mif1', 'heic']))).toBeUndefined();
  });
});

describe('sniffVideo', () => {
  it('recognises MP4 by its ftyp brand', () => {
    expect(sniffVideo(ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41']))).toBe('mp4');
    expect(sniffVideo(ftyp('mp42', ['mp42', 'isom']))).toBe('mp4');
  });

  it('recognises QuickTime with and without an ftyp box', () => {
    expect(sniffVideo(ftyp('qt  ', ['qt  ']))).toBe('quicktime');
    const oldStyle = Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from('wide'), Buffer.from([0, 0, 0, 16]), Buffer.from('mdat')]);
    expect(sniffVideo(oldStyle)).toBe('quicktime');
  });

  it('recognises WebM by the EBML DocType, and refuses other Matroska files', () => {
    expect(sniffVideo(ebml('webm'))).toBe('webm');
    expect(sniffVideo(ebml('matroska'))).toBeUndefined();
  });

  it('refuses images, audio-only MP4, random bytes and text', async () => {
    expect(sniffVideo(await pixels().png().toBuffer())).toBeUndefined();
    expect(sniffVideo(await pixels().avif({ effort: 0 }).toBuffer())).toBeUndefined();
    expect(sniffVideo(ftyp('M4A ', ['M4A ', 'mp42', 'isom']))).toBeUndefined();
    expect(sniffVideo(ftyp('heic', ['mif1']))).toBeUndefined();
    expect(sniffVideo(randomBytes(4096))).toBeUndefined();
    expect(sniffVideo(Buffer.from('movie.mp4 but really a note'))).toBeUndefined();
    expect(sniffVideo(Buffer.alloc(0))).toBeUndefined();
  });
});
