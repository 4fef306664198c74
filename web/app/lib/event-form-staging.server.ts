import {
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers,
  unstable_createFileUploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UNREADABLE_FORM_MESSAGE } from './route-guards.server';
import { uploadFile } from './uploads.server';

const MAX_FORM_FILE_BYTES = 110 * 1_048_576;
const MAX_FORM_TEXT_BYTES = 256 * 1024;
const FORM_FILE_FIELDS = new Set(['photo_files', 'video_file']);

/**
 * Files of the two file fields are staged on disk, in a folder of this request's own (a flood of
 * large posts must not fill memory); text fields are read into memory, with a small limit; any
 * other file is dropped unread.
 */
function eventFormUploads(directory: string) {
  return unstable_composeUploadHandlers(
    unstable_createFileUploadHandler({ directory, maxPartSize: MAX_FORM_FILE_BYTES, filter: ({ name }) => FORM_FILE_FIELDS.has(name) }),
    unstable_createMemoryUploadHandler({ maxPartSize: MAX_FORM_TEXT_BYTES, filter: ({ filename }) => !filename }),
  );
}

/**
 * The submitted create/edit form. With JavaScript the browser has already uploaded photos and
 * video (their URLs are fields); without it the files come in the form (`photo_files`,
 * `video_file`) and are uploaded here, in order, before the event is saved. The staging folder
 * goes afterwards whatever happened: a part refused half-way or a dropped connection leaves files
 * the parsed form never names.
 */
export async function readSubmittedForm(
  request: Request,
  token: string,
): Promise<{ form: FormData; uploaded: { images: string[]; video: string | null }; uploadError: string | null }> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!type.includes('multipart/form-data'))
    return { form: await request.formData(), uploaded: { images: [], video: null }, uploadError: null };
  const staging = await mkdtemp(path.join(tmpdir(), 'tribe-form-'));
  try {
    let form: FormData;
    try {
      form = await unstable_parseMultipartFormData(request, eventFormUploads(staging));
    } catch (error) {
      const message = error instanceof MaxPartSizeExceededError ? 'The files are too large to upload.' : UNREADABLE_FORM_MESSAGE;
      return { form: new FormData(), uploaded: { images: [], video: null }, uploadError: message };
    }
    return { form, ...(await uploadFormFiles(form, token)) };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Uploads the form's files in order; stops at the first the API refuses. */
async function uploadFormFiles(
  form: FormData,
  token: string,
): Promise<{ uploaded: { images: string[]; video: string | null }; uploadError: string | null }> {
  const uploaded = { images: [] as string[], video: null as string | null };
  const isFile = (value: FormDataEntryValue): value is File => typeof value !== 'string' && value.size > 0;
  for (const file of form.getAll('photo_files').filter(isFile)) {
    const result = await uploadFile(token, 'image', file);
    if (!result.ok) return { uploaded, uploadError: result.error };
    uploaded.images.push(result.value);
  }
  const video = form.get('video_file');
  if (video && isFile(video)) {
    const result = await uploadFile(token, 'video', video);
    if (!result.ok) return { uploaded, uploadError: result.error };
    uploaded.video = result.value;
  }
  return { uploaded, uploadError: null };
}
