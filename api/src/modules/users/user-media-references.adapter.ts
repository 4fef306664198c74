import { Injectable } from '@nestjs/common';
import { MEDIA_ID_PATTERN, type MediaReferences } from '../uploads/media-references.port.js';
import { UsersRepository } from './users.repository.js';

/** Answers the uploads module's MediaReferences port from profiles (bound in api/src/ports.module.ts). */
@Injectable()
export class UserMediaReferences implements MediaReferences {
  constructor(private readonly users: UsersRepository) {}

  async referencedAmong(mediaIds: readonly string[]): Promise<ReadonlySet<string>> {
    return new Set(await this.users.mediaReferencedAmong(mediaIds, MEDIA_ID_PATTERN));
  }
}
