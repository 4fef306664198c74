import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, In, IsNull } from 'typeorm';
import { STORAGE, type StoragePort } from '../../platform/providers/storage/storage.port.js';
import { ErasesPersonalData, type PersonalDataEraser } from '../../platform/privacy/personal-data-erasure.js';
import { Media } from './entities/media.entity.js';

/**
 * Erases the photos and videos a deleted account uploaded, originals and variants, except those
 * retained as the history of events the person hosted. Files go first, then the row: a retry finds
 * whatever is left and finishes it.
 */
@Injectable()
@ErasesPersonalData({ name: 'uploads', order: 20 })
export class UploadsErasure implements PersonalDataEraser {
  private readonly logger = new Logger(UploadsErasure.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(STORAGE) private readonly storage: StoragePort,
  ) {}

  /** Keeps these uploads of the owner when their account is erased. */
  async retainForHistory(ownerId: string, mediaIds: string[]): Promise<void> {
    if (mediaIds.length === 0) return;
    await this.dataSource.getRepository(Media).update({ ownerId, id: In(mediaIds), retainedAt: IsNull() }, { retainedAt: new Date() });
  }

  async erasePersonalData(userId: string): Promise<void> {
    const media = this.dataSource.getRepository(Media);
    const uploads = await media.find({ select: { id: true, storageKey: true, variants: true }, where: { ownerId: userId, retainedAt: IsNull() } });
    for (const upload of uploads) {
      for (const key of [upload.storageKey, ...upload.variants.map((variant) => variant.key)]) await this.storage.delete(key);
      await media.delete({ id: upload.id });
    }
    this.logger.log({ userId, uploadsErased: uploads.length }, 'account uploads erased');
  }
}
