/** Domain events the uploads module publishes through the outbox. */
export const MediaEvents = {
  /** payload { mediaId }: the workers make the responsive variants. */
  ImageUploaded: 'media.image_uploaded',
} as const;
