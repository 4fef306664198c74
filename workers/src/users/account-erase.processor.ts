import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type MediaVariant } from '../../../api/src/modules/uploads/entities/media.entity.js';
import { STORAGE, type StoragePort } from '../../../api/src/platform/providers/storage/storage.port.js';
import { ChangeSignals, ChangeTopic } from '../../../api/src/platform/queue/change-signals.js';
import { JobName } from '../../../api/src/platform/queue/queue.constants.js';
import { type JobData, type JobHandler } from '../job-handler.js';

/**
 * Erases a deleted account's personal data: profile fields, sessions, the contact details on the
 * events they hosted, and the photos and videos the person uploaded (except those shown on their past
 * events, which stay as history). The row itself stays, pseudonymised, so that payments and invoices
 * the law requires us to keep still point at it.
 */
@Injectable()
export class AccountEraseProcessor implements JobHandler {
  readonly job = JobName.AccountErase;
  private readonly logger = new Logger(AccountEraseProcessor.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(STORAGE) private readonly storage: StoragePort,
    private readonly signals: ChangeSignals,
  ) {}

  async handle(data: JobData): Promise<void> {
    const userId = String(data.userId);
    await this.dataSource.transaction(async (tx) => {
      // TypeORM answers an UPDATE … RETURNING on PostgreSQL with [rows, affectedCount].
      const [erased]: [unknown[], number] = await tx.query(
        `UPDATE users SET
           name = 'Deleted user', username = NULL, email = NULL, password_hash = NULL, avatar_url = NULL,
           bio = NULL, location = NULL, age = NULL, gender = NULL, height = NULL, work = NULL,
           education = NULL, education_level = NULL, drinking = NULL, mobile_number = NULL, mobile_verified_at = NULL,
           media_gallery = '[]', profile_photos = '[]', interests = '[]', facebook_url = NULL,
           instagram_url = NULL, instagram_handle = NULL, youtube_url = NULL, cover_photo_url = NULL,
           government_id_url = NULL, erased_at = now(), updated_at = now()
         WHERE id = $1 AND deleted_at IS NOT NULL AND erased_at IS NULL
         RETURNING id`,
        [userId],
      );
      // Events they hosted stay as history, but without the host's own phone number and social link.
      await tx.query(
        `UPDATE event e SET host_contact_number = NULL, host_social_link = NULL, updated_at = now()
           FROM users u
          WHERE u.id = $1 AND u.deleted_at IS NOT NULL AND e.host_id = u.id
            AND (e.host_contact_number IS NOT NULL OR e.host_social_link IS NOT NULL)`,
        [userId],
      );
      await tx.query('DELETE FROM session WHERE user_id = $1', [userId]);
      this.logger.log({ userId, erased: erased.length > 0 }, 'account profile erased');
    });
    // Cached event lists carry the host's name and photo.
    this.signals.announce(ChangeTopic.EventLists);
    await this.eraseUploads(userId);
  }

  /** Files are deleted outside any transaction; a retry finds whatever is left and finishes it. */
  private async eraseUploads(userId: string): Promise<void> {
    const uploads: Array<{ id: string; storage_key: string; variants: MediaVariant[] }> = await this.dataSource.query(
      `SELECT m.id, m.storage_key, m.variants FROM media m
        WHERE m.owner_id = $1 AND NOT EXISTS (
          SELECT 1 FROM event e
           WHERE e.host_id = $1 AND e.deleted_at IS NULL
             AND (strpos(e.images::text, m.id::text) > 0 OR strpos(coalesce(e.video, ''), m.id::text) > 0))`,
      [userId],
    );
    for (const upload of uploads) {
      for (const key of [upload.storage_key, ...upload.variants.map((variant) => variant.key)]) await this.storage.delete(key);
      await this.dataSource.query('DELETE FROM media WHERE id = $1', [upload.id]);
    }
    this.logger.log({ userId, uploadsErased: uploads.length }, 'account uploads erased');
  }

  async onLastFailure(data: JobData, error: Error): Promise<void> {
    this.logger.error({ userId: data.userId, err: error }, 'account erasure failed for good; erase by hand');
  }
}
