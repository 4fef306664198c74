import { uploadedFileHeaders } from './file-headers.js';

describe('uploadedFileHeaders', () => {
  it('sandboxes every file, never lets its type be sniffed, and shows pictures and videos inline', () => {
    expect(uploadedFileHeaders('3f1c-w640.webp', 'image/webp')).toEqual({
      'content-type': 'image/webp',
      'content-security-policy': 'sandbox',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline; filename="3f1c-w640.webp"',
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
    });
    expect(uploadedFileHeaders('clip.mp4', 'video/mp4')['content-disposition']).toBe('inline; filename="clip.mp4"');
  });

  it('makes anything that is not a picture or a video a download', () => {
    const headers = uploadedFileHeaders('notes.bin', 'application/octet-stream');
    expect(headers['content-disposition']).toBe('attachment; filename="notes.bin"');
    expect(headers['content-security-policy']).toBe('sandbox');
  });
});
