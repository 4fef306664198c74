import { randomBytes } from 'node:crypto';

/** The start of a real MP4: an ftyp box (isom, iso2, avc1, mp41), then an mdat box of `payloadBytes` (40 + payloadBytes in all). */
export function mp4(payloadBytes: number): Buffer {
  const ftyp = Buffer.alloc(32);
  ftyp.writeUInt32BE(32, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomiso2avc1mp41', 16, 'latin1');
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(8 + payloadBytes, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat, randomBytes(payloadBytes)]);
}
