import { Injectable } from '@nestjs/common';
import { MEDIA_ID_PATTERN, type MediaReferences } from '../uploads/media-references.port.js';
import { PostsRepository } from './posts.repository.js';

/** Posts show uploads: the uploads sweep keeps those of posts not removed (bound in api/src/ports.module.ts). */
@Injectable()
export class CommunityMediaReferences implements MediaReferences {
  constructor(private readonly posts: PostsRepository) {}

  async referencedAmong(mediaIds: readonly string[]): Promise<ReadonlySet<string>> {
    return new Set(await this.posts.mediaReferencedAmong(mediaIds, MEDIA_ID_PATTERN));
  }
}
