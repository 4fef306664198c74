import { Messages } from '../../contracts/messages.js';
import { DomainError, NotFoundError, ValidationError } from '../../platform/http/domain-error.js';

/** "10 MB", "1.5 MB", "20 KB": the limit as people read it. */
export function readableSize(bytes: number): string {
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toFixed(1).replace(/\.0$/, '')} MB`;
  return `${Math.floor(bytes / 1024)} KB`;
}

export class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super(413, message, 'payload_too_large');
  }
}

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
