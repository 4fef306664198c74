import { z } from 'zod';
import { defineDomainEvent } from '../../platform/outbox/domain-event.js';

/** An image was stored: the media.variants job makes its responsive WebP variants. */
export const ImageUploaded = defineDomainEvent('media.image_uploaded', z.object({ mediaId: z.uuid() }));
