import { useEffect, useRef, useState } from 'react';
import { AlertCircleIcon, XIcon } from '~/components/ui/icons';
import { cn } from '~/lib/cn';
import { Messages } from '../../../../api/src/contracts/messages.js';

export type UploadKind = 'image' | 'video';

/**
 * Uploads one file through the web's /resources/upload route (which adds the session token and
 * forwards it to the API), reporting progress from XMLHttpRequest's upload events.
 */
export function uploadWithProgress(file: File, kind: UploadKind, onProgress: (fraction: number) => void) {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<string>((resolve, reject) => {
    xhr.open('POST', `/resources/upload?kind=${kind}`);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: { url?: string; error?: string } = {};
      try {
        body = JSON.parse(xhr.responseText || '{}') as typeof body;
      } catch {
        // not JSON: fall through to the generic message
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.url) {
        onProgress(1);
        resolve(body.url);
      } else {
        reject(new Error(body.error || (kind === 'image' ? Messages.uploads.uploadFailed : Messages.uploads.videoUploadFailed)));
      }
    };
    xhr.onerror = () => reject(new Error(Messages.generic.network));
    xhr.onabort = () => reject(new Error('Upload cancelled'));
    const form = new FormData();
    form.append(kind, file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

interface PhotoItem {
  key: string;
  name: string;
  preview: string | null;
  progress: number;
  url: string | null;
  error: string | null;
}

let counter = 0;
const nextKey = () => `upload-${++counter}`;

function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(value * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-1.5 w-full overflow-hidden rounded-full bg-white/60"
    >
      <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}

/**
 * Event photos: several at once, each uploaded as soon as it is picked, with a progress bar and a
 * remove button. Uploaded photos travel in the form as `images` (their URLs). A photo the upload
 * refused leaves the grid for a notice below it, with its whole message and a remove button; it is
 * never sent, and the next pick clears it. Without JavaScript the picker itself is sent
 * (`photo_files`) and the action uploads the files.
 */
export function PhotoUploader({
  initial,
  max,
  hydrated,
  error,
  onBusyChange,
  fieldName = 'images',
  fileFieldName = 'photo_files',
  inputLabel = 'Event photos',
  firstBadge = 'Cover',
}: {
  initial: string[];
  max: number;
  hydrated: boolean;
  error?: string | null;
  onBusyChange: (busy: boolean) => void;
  /** The form field carrying the uploaded URLs, in order. */
  fieldName?: string;
  /** The picker's field without JavaScript (the action uploads the files); null: no picker then. */
  fileFieldName?: string | null;
  inputLabel?: string;
  /** What the first photo is used as; the others offer to take its place. */
  firstBadge?: string;
}) {
  const [items, setItems] = useState<PhotoItem[]>(() =>
    initial.map((url) => ({ key: nextKey(), name: url, preview: url, progress: 1, url, error: null })),
  );
  const aborts = useRef(new Map<string, () => void>());
  const photos = items.filter((item) => !item.error);
  const failures = items.filter((item) => item.error);
  const busy = photos.some((item) => !item.url);

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  useEffect(() => {
    const pending = aborts.current;
    return () => pending.forEach((abort) => abort());
  }, []);

  const update = (key: string, change: Partial<PhotoItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const onPick = (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    // Earlier refusals have been read: a new pick starts with a clean slate.
    setItems((current) => current.filter((item) => !item.error));
    for (const file of files.slice(0, Math.max(0, max - photos.length))) {
      const key = nextKey();
      const preview = URL.createObjectURL(file);
      setItems((current) => [...current, { key, name: file.name, preview, progress: 0, url: null, error: null }]);
      const upload = uploadWithProgress(file, 'image', (progress) => update(key, { progress }));
      aborts.current.set(key, upload.abort);
      upload.promise
        .then(
          (url) => update(key, { url, progress: 1 }),
          (failure: Error) => {
            URL.revokeObjectURL(preview);
            update(key, { preview: null, error: failure.message });
          },
        )
        .finally(() => aborts.current.delete(key));
    }
  };

  const remove = (key: string) => {
    aborts.current.get(key)?.();
    const preview = items.find((item) => item.key === key)?.preview;
    if (preview?.startsWith('blob:')) URL.revokeObjectURL(preview);
    setItems((current) => current.filter((item) => item.key !== key));
  };

  /** The photo goes first (becomes the cover or avatar); the others keep their order. */
  const makeFirst = (key: string) =>
    setItems((current) => [...current.filter((item) => item.key === key), ...current.filter((item) => item.key !== key)]);

  const full = photos.length >= max;

  return (
    <div className="space-y-3" data-testid="photo-uploader">
      {photos.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {photos.map((item, index) => (
            <li
              key={item.key}
              className="relative aspect-square overflow-hidden rounded-xl border border-slate-200 bg-slate-100"
              data-testid="photo-item"
            >
              {item.preview ? (
                // A file the browser cannot show (not really an image) shows its name instead of a broken picture.
                <img
                  src={item.preview}
                  alt={`Photo ${index + 1}`}
                  onError={() => update(item.key, { preview: null })}
                  className="size-full object-cover"
                />
              ) : (
                <span className="flex size-full items-center justify-center p-2 text-center text-[11px] break-all text-slate-500">
                  <span className="line-clamp-3">{item.name}</span>
                </span>
              )}
              {item.url ? <input type="hidden" name={fieldName} value={item.url} /> : null}
              {!item.url ? (
                <div className="absolute inset-x-2 bottom-2 space-y-1">
                  <ProgressBar value={item.progress} label={`Uploading ${item.name}`} />
                  <p className="text-center text-[11px] font-semibold text-white drop-shadow">{Math.round(item.progress * 100)}%</p>
                </div>
              ) : null}
              {index === 0 && item.url ? (
                <span className="absolute top-1.5 left-1.5 rounded-full bg-slate-900/70 px-2 py-0.5 text-[10px] font-semibold text-white">
                  {firstBadge}
                </span>
              ) : null}
              {index > 0 && item.url ? (
                <button
                  type="button"
                  onClick={() => makeFirst(item.key)}
                  aria-label={`Make ${firstBadge.toLowerCase()}: photo ${index + 1}`}
                  className="absolute bottom-1.5 left-1.5 max-w-[calc(100%-0.75rem)] truncate rounded-full bg-slate-900/70 px-2 py-0.5 text-[10px] font-semibold whitespace-nowrap text-white hover:bg-slate-900"
                >
                  Make {firstBadge.toLowerCase()}
                </button>
              ) : null}
              <button
                type="button"
                onClick={() => remove(item.key)}
                aria-label={`Remove photo ${index + 1}`}
                className="absolute top-1.5 right-1.5 flex size-7 items-center justify-center rounded-full bg-slate-900/70 text-white hover:bg-slate-900"
              >
                <XIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {failures.length > 0 ? (
        <ul className="space-y-2" aria-label="Photos that were not uploaded">
          {failures.map((item) => (
            <li
              key={item.key}
              className="flex items-start gap-3 rounded-xl border border-rose-200 bg-rose-50 p-3"
              data-testid="photo-failed"
            >
              <AlertCircleIcon size={18} className="mt-0.5 shrink-0 text-rose-600" />
              <div role="alert" className="min-w-0 flex-1 text-sm break-words">
                <p className="font-medium text-rose-900">{item.name} was not uploaded</p>
                <p className="text-rose-700">{item.error}</p>
              </div>
              <button
                type="button"
                onClick={() => remove(item.key)}
                aria-label={`Remove ${item.name}`}
                className="shrink-0 rounded-lg border border-rose-300 bg-white px-3 py-1.5 text-sm font-semibold text-rose-700 hover:bg-rose-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
          error ? 'border-rose-300 bg-rose-50' : 'border-slate-300 bg-white hover:border-brand-400 hover:bg-brand-50/40',
          full && hydrated && 'pointer-events-none opacity-50',
        )}
      >
        <span className="text-sm font-semibold text-brand-700">{photos.length > 0 ? 'Add more photos' : 'Add photos'}</span>
        <span className="text-xs text-slate-500">JPEG, PNG, WebP, GIF or AVIF · up to {max} photos</span>
        <input
          type="file"
          accept="image/*"
          multiple
          name={hydrated ? undefined : (fileFieldName ?? undefined)}
          onChange={onPick}
          disabled={(hydrated && full) || (!hydrated && fileFieldName === null)}
          aria-label={inputLabel}
          data-testid="photo-input"
          className={hydrated ? 'sr-only' : 'mt-2 text-sm'}
        />
      </label>
      {error ? <p className="text-sm text-rose-600">{error}</p> : null}
    </div>
  );
}

/**
 * The event video: one file, uploaded when picked with a progress bar; its length is read in the
 * browser. Travels in the form as `video` and `video_duration` (seconds).
 */
export function VideoUploader({
  initialUrl,
  initialDuration,
  hydrated,
  error,
  onBusyChange,
}: {
  initialUrl: string;
  initialDuration: string;
  hydrated: boolean;
  error?: string | null;
  onBusyChange: (busy: boolean) => void;
}) {
  const [url, setUrl] = useState(initialUrl);
  const [duration, setDuration] = useState(initialDuration);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<(() => void) | null>(null);

  useEffect(() => onBusyChange(progress !== null), [progress, onBusyChange]);
  useEffect(() => () => abort.current?.(), []);

  const onPick = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailure(null);
    setProgress(0);
    // readDuration never rejects (an unreadable file gives null).
    void readDuration(file).then((seconds) => setDuration(seconds === null ? '' : String(Math.round(seconds))));
    const upload = uploadWithProgress(file, 'video', setProgress);
    abort.current = upload.abort;
    upload.promise.then(
      (uploaded) => {
        setUrl(uploaded);
        setProgress(null);
      },
      (problem: Error) => {
        setFailure(problem.message);
        setProgress(null);
      },
    );
  };

  return (
    <div className="space-y-3" data-testid="video-uploader">
      <input type="hidden" name="video" value={url} />
      <input type="hidden" name="video_duration" value={url ? duration : ''} />
      {url ? (
        <div className="relative overflow-hidden rounded-xl border border-slate-200 bg-black">
          <video src={url} controls preload="metadata" className="aspect-video w-full" />
          <button
            type="button"
            onClick={() => {
              setUrl('');
              setDuration('');
            }}
            className="absolute top-2 right-2 rounded-full bg-slate-900/75 px-3 py-1 text-xs font-semibold text-white hover:bg-slate-900"
          >
            Remove video
          </button>
        </div>
      ) : null}
      {progress !== null ? (
        <div className="space-y-1 rounded-xl border border-slate-200 bg-slate-50 p-3">
          <div className="flex justify-between text-xs font-medium text-slate-600">
            <span>Uploading video…</span>
            <span data-testid="video-progress">{Math.round(progress * 100)}%</span>
          </div>
          <div className="rounded-full bg-slate-200">
            <ProgressBar value={progress} label="Uploading video" />
          </div>
          <button type="button" onClick={() => abort.current?.()} className="text-xs font-medium text-slate-500 underline">
            Cancel upload
          </button>
        </div>
      ) : null}
      {!url && progress === null ? (
        <label className="flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-slate-300 bg-white px-4 py-6 text-center hover:border-brand-400 hover:bg-brand-50/40 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600">
          <span className="text-sm font-semibold text-brand-700">Add a video</span>
          <span className="text-xs text-slate-500">MP4, WebM or MOV</span>
          <input
            type="file"
            accept="video/*"
            name={hydrated ? undefined : 'video_file'}
            onChange={onPick}
            aria-label="Event video"
            data-testid="video-input"
            className={hydrated ? 'sr-only' : 'mt-2 text-sm'}
          />
        </label>
      ) : null}
      {failure || error ? (
        <p role="alert" className="text-sm text-rose-600">
          {failure ?? error}
        </p>
      ) : null}
    </div>
  );
}

/** The length of a video file in seconds, read from its metadata; null when the browser cannot tell. */
function readDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const source = URL.createObjectURL(file);
    const done = (value: number | null) => {
      URL.revokeObjectURL(source);
      resolve(value);
    };
    video.preload = 'metadata';
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => done(null);
    video.src = source;
  });
}
