import { Injectable } from '@nestjs/common';
import { MEDIA_ID_PATTERN, type MediaReferences } from '../uploads/media-references.port.js';
import { EventsRepository } from './events.repository.js';

/** Answers the uploads module's MediaReferences port from events (bound in api/src/ports.module.ts). */
@Injectable()
export class EventMediaReferences implements MediaReferences {
  constructor(private readonly events: EventsRepository) {}

  async referencedAmong(mediaIds: readonly string[]): Promise<ReadonlySet<string>> {
    return new Set(await this.events.mediaReferencedAmong(mediaIds, MEDIA_ID_PATTERN));
  }
}
