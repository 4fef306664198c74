import { Inject, Injectable, Logger } from '@nestjs/common';
import { STORAGE, type StoragePort } from '../../platform/providers/storage/storage.port.js';
import { type AccountErasureStep } from '../users/account-erasure.port.js';
import { MediaRepository } from './media.repository.js';

/**
 * Erases the photos and videos a deleted account uploaded, originals and variants, except those
 * retained as the history of events the person hosted. Files go first, then the row: a retry finds
 * whatever is left and finishes it.
 */
@Injectable()
export class UploadsErasureStep implements AccountErasureStep {
  private readonly logger = new Logger(UploadsErasureStep.name);

  constructor(
    private readonly media: MediaRepository,
    @Inject(STORAGE) private readonly storage: StoragePort,
  ) {}

  /** Keeps these uploads of the owner when their account is erased (the events step decides which). */
  async retainForHistory(ownerId: string, mediaIds: string[]): Promise<void> {
    await this.media.retain(ownerId, mediaIds);
  }

  async erase(userId: string): Promise<void> {
    const uploads = await this.media.findUnretainedOf(userId);
    for (const upload of uploads) {
      for (const key of [upload.storageKey, ...upload.variants.map((variant) => variant.key)]) await this.storage.delete(key);
      await this.media.delete(upload.id);
    }
    this.logger.log({ userId, uploadsErased: uploads.length }, 'account uploads erased');
  }
}
