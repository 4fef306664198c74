import { NodeOnDiskFile } from '@remix-run/node';
import { openAsBlob } from 'node:fs';
import { Messages } from '../../../api/src/contracts/messages.js';
import { fetchApi, UNAVAILABLE_MESSAGE } from './api.server';
import { webConfig } from './config.server';
import type { WriteResult } from './event-writes.server';

/**
 * Sends one file to the API's upload endpoint (field image or video) and returns its URL.
 * Used by the no-JavaScript form path; with JavaScript the browser uploads through /resources/upload.
 */
export async function uploadFile(token: string, kind: 'image' | 'video', file: Blob | NodeOnDiskFile): Promise<WriteResult<string>> {
  const form = new FormData();
  // A file staged on disk is sent from disk, never read into memory whole.
  const content = file instanceof NodeOnDiskFile ? await openAsBlob(file.getFilePath(), { type: file.type }) : file;
  form.append(kind, content, ('name' in file && file.name) || (kind === 'image' ? 'photo' : 'video'));
  let response: Response;
  try {
    response = await fetchApi(
      kind === 'image' ? '/api/v1/upload' : '/api/v1/upload/video',
      { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form },
      webConfig.API_UPLOAD_TIMEOUT_MS,
    );
  } catch {
    return { ok: false, status: 503, error: UNAVAILABLE_MESSAGE, code: null };
  }
  const body = (await response.json().catch(() => ({}))) as { url?: string; error?: string; code?: string };
  if (!response.ok || !body.url) {
    // A 503 without the product's code (a proxy's, the server framework's) gets the web's message.
    const unavailable = response.status === 503 && !body.code;
    const error =
      (unavailable ? UNAVAILABLE_MESSAGE : body.error) ??
      (kind === 'image' ? Messages.uploads.uploadFailed : Messages.uploads.videoUploadFailed);
    return { ok: false, status: response.status, error, code: body.code ?? null };
  }
  return { ok: true, value: body.url };
}
