import { Inject, Injectable, Logger } from '@nestjs/common';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { queryRows } from '../../../platform/database/returning.js';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { STORAGE, type StoragePort } from '../../../platform/providers/storage/storage.port.js';
import { type MediaVariant } from '../entities/media.entity.js';
import { MAX_IMAGE_PIXELS, variantKey, variantWidths } from '../media-keys.js';
import { ImageUploaded } from '../uploads.events.js';

export const MediaVariantsJob = defineJob({
  name: 'media.variants',
  queue: 'media',
  startedBy: ImageUploaded,
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
});

export type MediaVariantsData = JobData<typeof MediaVariantsJob>;

/** A claim older than this is taken to belong to a run that died, and may be taken over. */
export const CLAIM_LEASE_SECONDS = 30;

/** An image whose variants are still pending this long after its upload (or last release) is due again. */
const DUE_AFTER_SECONDS = 5;

interface Claimed {
  storage_key: string;
  width: number;
  height: number;
}

/** Another run holds a fresh claim: fail this attempt so BullMQ retries after its lease. */
export class VariantsInProgressError extends Error {}

/**
 * Makes the responsive WebP variants of an uploaded image (media.image_uploaded). Idempotent: a
 * ready row is left alone; a run claims the row with a conditional update; variant keys are fixed,
 * so a second run after a crash overwrites the same files. WebP encoding drops all metadata.
 */
@Injectable()
@HandlesJob(MediaVariantsJob)
export class MediaVariantsHandler implements JobHandler<typeof MediaVariantsJob> {
  private readonly logger = new Logger(MediaVariantsHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(STORAGE) private readonly storage: StoragePort,
  ) {}

  async handle({ mediaId }: MediaVariantsData): Promise<void> {
    const claimed = await this.claim(mediaId);
    if (!claimed) return this.explainSkip(mediaId);
    try {
      const variants = await this.makeVariants(mediaId, claimed);
      const done = await queryRows<{ id: string }>(
        this.dataSource,
        `UPDATE media SET variants = $2, variants_status = 'ready', variants_claimed_at = NULL, updated_at = now()
          WHERE id = $1 AND variants_status <> 'ready' RETURNING id`,
        [mediaId, JSON.stringify(variants)],
      );
      if (done.length === 0 && !(await this.exists(mediaId))) {
        // The image was erased (its owner deleted their account) while this run made the variants:
        // the erasure could not see these files, so they go now instead of outliving the image.
        for (const variant of variants) await this.storage.delete(variant.key);
        this.logger.log({ mediaId }, 'image erased while its variants were made; variants removed');
        return;
      }
      this.logger.log({ mediaId, widths: variants.map((variant) => variant.width), recorded: done.length > 0 }, 'variants made');
    } catch (error) {
      // Give the claim back so the retry can start at once.
      await this.dataSource.query(
        `UPDATE media SET variants_status = 'pending', variants_claimed_at = NULL WHERE id = $1 AND variants_status = 'processing'`,
        [mediaId],
      );
      throw error;
    }
  }

  private async claim(mediaId: string): Promise<Claimed | undefined> {
    const rows = await queryRows<Claimed>(
      this.dataSource,
      `UPDATE media SET variants_status = 'processing', variants_claimed_at = now(), updated_at = now()
        WHERE id = $1 AND kind = 'image'
          AND (variants_status IN ('pending', 'failed')
               OR (variants_status = 'processing' AND variants_claimed_at < now() - make_interval(secs => $2)))
        RETURNING storage_key, width, height`,
      [mediaId, CLAIM_LEASE_SECONDS],
    );
    return rows[0];
  }

  private async exists(mediaId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM media WHERE id = $1', [mediaId]);
    return rows.length > 0;
  }

  private async explainSkip(mediaId: string): Promise<void> {
    const rows: Array<{ kind: string; variants_status: string }> = await this.dataSource.query(
      'SELECT kind, variants_status FROM media WHERE id = $1',
      [mediaId],
    );
    const row = rows[0];
    if (!row) {
      this.logger.warn({ mediaId }, 'media row is gone; no variants to make');
      return;
    }
    if (row.variants_status === 'processing') throw new VariantsInProgressError(`variants of ${mediaId} are being made by another run`);
    this.logger.log({ mediaId, kind: row.kind, status: row.variants_status }, 'variants already done; skipping');
  }

  private async makeVariants(mediaId: string, media: Claimed): Promise<MediaVariant[]> {
    const stored = await this.storage.read(media.storage_key);
    if (!stored) throw new Error(`original ${media.storage_key} of media ${mediaId} is missing from storage`);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    const original = Buffer.concat(chunks);
    const animated = ((await sharp(original).metadata()).pages ?? 1) > 1;

    const variants: MediaVariant[] = [];
    for (const width of variantWidths(media.width)) {
      const { data, info } = await sharp(original, { animated, limitInputPixels: MAX_IMAGE_PIXELS })
        .autoOrient()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      const key = variantKey(mediaId, width);
      await this.storage.put(key, data, { contentType: 'image/webp', bytes: data.length });
      variants.push({ width: info.width, height: info.pageHeight ?? info.height, key, bytes: data.length });
    }
    return variants;
  }

  async findDue(limit: number): Promise<Array<{ mediaId: string }>> {
    return this.dataSource.query(
      `SELECT id AS "mediaId" FROM media
        WHERE kind = 'image'
          AND ((variants_status = 'pending' AND updated_at < now() - make_interval(secs => $2))
               OR (variants_status = 'processing' AND variants_claimed_at < now() - make_interval(secs => $3)))
        ORDER BY created_at LIMIT $1`,
      [limit, DUE_AFTER_SECONDS, CLAIM_LEASE_SECONDS],
    );
  }

  /** Marks the image failed for good (the original is still shown); if the database is away, the reconciler retries. */
  async onLastFailure({ mediaId }: MediaVariantsData, error: Error): Promise<void> {
    const failed = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE media SET variants_status = 'failed', variants_claimed_at = NULL, updated_at = now()
        WHERE id = $1 AND variants_status IN ('pending', 'processing') RETURNING id`,
      [mediaId],
    );
    if (failed.length > 0) this.logger.error({ mediaId, err: error }, 'variants failed for good; the original is still shown');
  }
}
