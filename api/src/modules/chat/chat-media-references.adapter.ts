import { Injectable } from '@nestjs/common';
import { MEDIA_ID_PATTERN, type MediaReferences } from '../uploads/media-references.port.js';
import { ChatRepository } from './chat.repository.js';

/** Image messages show uploads: the uploads sweep must keep them (bound in api/src/ports.module.ts). */
@Injectable()
export class ChatMediaReferences implements MediaReferences {
  constructor(private readonly chat: ChatRepository) {}

  async referencedAmong(mediaIds: readonly string[]): Promise<ReadonlySet<string>> {
    return new Set(await this.chat.mediaReferencedAmong(mediaIds, MEDIA_ID_PATTERN));
  }
}
