import { ErrorCodes } from '../../contracts/error-codes.js';
import { Messages } from '../../contracts/messages.js';
import { BusyError, DomainError, NotFoundError, TooManyRequestsError, ValidationError } from '../../platform/http/domain-error.js';

const oneDecimal = (value: number) => value.toFixed(1).replace(/\.0$/, '');

/** "2 GB", "10 MB", "1.5 MB", "20 KB": the limit as people read it. */
export function readableSize(bytes: number): string {
  if (bytes >= 1_073_741_824) return `${oneDecimal(bytes / 1_073_741_824)} GB`;
  if (bytes >= 1_048_576) return `${oneDecimal(bytes / 1_048_576)} MB`;
  return `${Math.floor(bytes / 1024)} KB`;
}

/** "1 second", "45 seconds", "2 minutes", "1 hour": a wait as people read it (rounded up). */
export function readableWait(seconds: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (seconds < 90) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 90 * 60) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

export class PayloadTooLargeError extends DomainError {
  constructor(message: string, code: string = ErrorCodes.generic.payloadTooLarge) {
    super(413, message, code);
  }
}

export const tooManyUploads = (retryAfterSeconds: number) =>
  new TooManyRequestsError(
    `${Messages.uploads.tooManyUploads} Please try again in ${readableWait(retryAfterSeconds)}.`,
    ErrorCodes.uploads.tooManyUploads,
    retryAfterSeconds,
  );

/** The person's uploads already fill their quota, or this file would take them past it. */
export const quotaExceeded = (quota: { bytes: number; usedBytes: number; sweepGraceHours: number }) =>
  new PayloadTooLargeError(
    `${Messages.uploads.quotaExceeded} The limit is ${readableSize(quota.bytes)} and you have used ${readableSize(quota.usedBytes)}. ` +
      `Files you upload but do not use are removed ${readableWait(quota.sweepGraceHours * 3600)} after their upload.`,
    ErrorCodes.uploads.quotaExceeded,
  );

/** Every image decode slot is taken and the queue for them is full or too slow. */
export const decodersBusy = (retryAfterSeconds: number) => new BusyError(Messages.uploads.busy, ErrorCodes.uploads.busy, retryAfterSeconds);

export const imageTooLarge = (limit: number) =>
  new PayloadTooLargeError(`${Messages.uploads.imageTooLarge} The limit is ${readableSize(limit)}.`);

export const videoTooLarge = (limit: number) =>
  new PayloadTooLargeError(`${Messages.uploads.videoTooLarge} The limit is ${readableSize(limit)}.`);

export const noFile = (field: 'image' | 'video') =>
  new ValidationError(field === 'image' ? Messages.uploads.noImage : Messages.uploads.noVideo);

export const unsupportedImage = () => new ValidationError(Messages.uploads.unsupportedImage);
export const unsupportedVideo = () => new ValidationError(Messages.uploads.unsupportedVideo);
export const tooManyPixels = () => new ValidationError(Messages.uploads.imageTooManyPixels);
export const imageNotFound = () => new NotFoundError(Messages.uploads.imageNotFound);
export const malformedForm = () => new ValidationError(Messages.uploads.malformedForm);
