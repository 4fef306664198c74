import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { DomainError } from '../../platform/http/domain-error.js';
import { SNIFF_BYTES, sniffVideo, type VideoKind } from './content-sniffing.js';
import { imageTooLarge, malformedForm, noFile, unsupportedVideo, videoTooLarge } from './uploads.errors.js';

export type UploadField = 'image' | 'video';

/** Errors from a broken form (bad boundary, cut-off body) are the client's, not ours. */
function asClientError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return malformedForm();
}

/**
 * The one file of a multipart request, which must be in `field`. `maxBytes` caps this route
 * (the plugin's own cap is the largest upload of any route).
 */
export async function filePart(request: FastifyRequest, field: UploadField, maxBytes: number): Promise<MultipartFile> {
  if (!request.isMultipart()) throw noFile(field);
  let file: MultipartFile | undefined;
  try {
    file = await request.file({ limits: { fileSize: maxBytes }, throwFileSizeLimit: false });
  } catch (error) {
    throw asClientError(error);
  }
  if (!file) throw noFile(field);
  if (file.fieldname !== field) {
    file.file.resume();
    throw noFile(field);
  }
  return file;
}

/** Reads an image into memory; past the limit the plugin stops the stream and marks it truncated. */
export async function readImage(file: MultipartFile, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of file.file) chunks.push(chunk as Buffer);
  } catch (error) {
    throw asClientError(error);
  }
  if (file.file.truncated) throw imageTooLarge(maxBytes);
  return Buffer.concat(chunks);
}

export interface ReceivedVideo {
  path: string;
  kind: VideoKind;
  bytes: number;
  sha256: string;
}

async function write(out: WriteStream, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/**
 * Streams a video to a temporary file (videos are too big to hold in memory), checking its
 * signature as soon as the first bytes arrive: a refused file is read to the end but never
 * written. The caller removes the file (removeTemporary) once it is stored.
 */
export async function receiveVideo(file: MultipartFile, maxBytes: number): Promise<ReceivedVideo> {
  const path = join(tmpdir(), `tribe-upload-${randomUUID()}`);
  const hash = createHash('sha256');
  let out: WriteStream | undefined;
  let head = Buffer.alloc(0);
  let kind: VideoKind | undefined;
  let refused = false;
  let bytes = 0;

  const decide = async () => {
    kind = sniffVideo(head);
    if (!kind) {
      refused = true;
      return;
    }
    out = createWriteStream(path, { flags: 'wx' });
    await write(out, head);
  };

  try {
    for await (const data of file.file) {
      const chunk = data as Buffer;
      if (refused) continue;
      bytes += chunk.length;
      hash.update(chunk);
      if (out) await write(out, chunk);
      else {
        head = Buffer.concat([head, chunk]);
        if (head.length >= SNIFF_BYTES) await decide();
      }
    }
    if (!out && !refused) await decide();
    if (out) {
      out.end();
      await once(out, 'finish');
    }
  } catch (error) {
    out?.destroy();
    await removeTemporary(path);
    throw asClientError(error);
  }
  if (file.file.truncated) {
    await removeTemporary(path);
    throw videoTooLarge(maxBytes);
  }
  if (refused || !kind || bytes === 0) {
    await removeTemporary(path);
    throw unsupportedVideo();
  }
  return { path, kind, bytes, sha256: hash.digest('hex') };
}

export async function removeTemporary(path: string): Promise<void> {
  await rm(path, { force: true });
}
