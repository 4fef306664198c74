import { Inject, Injectable, Logger } from '@nestjs/common';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { STORAGE, type StoragePort } from '../../../platform/providers/storage/storage.port.js';
import { type MediaVariant } from '../entities/media.entity.js';
import { MAX_IMAGE_PIXELS, variantKey, variantWidths } from '../media-keys.js';
import { MediaRepository, type ClaimedImage } from '../media.repository.js';
import { loadSharp } from '../sharp-codec.js';
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
    private readonly media: MediaRepository,
    @Inject(STORAGE) private readonly storage: StoragePort,
  ) {}

  async handle({ mediaId }: MediaVariantsData): Promise<void> {
    const claimed = await this.media.claimVariants(mediaId, CLAIM_LEASE_SECONDS);
    if (!claimed) return this.explainSkip(mediaId);
    try {
      const variants = await this.makeVariants(mediaId, claimed);
      const recorded = await this.media.recordVariants(mediaId, variants);
      if (!recorded && !(await this.media.exists(mediaId))) {
        // The image was erased (its owner deleted their account) while this run made the variants:
        // the erasure could not see these files, so they go now instead of outliving the image.
        for (const variant of variants) await this.storage.delete(variant.key);
        this.logger.log({ mediaId }, 'image erased while its variants were made; variants removed');
        return;
      }
      this.logger.log({ mediaId, widths: variants.map((variant) => variant.width), recorded }, 'variants made');
    } catch (error) {
      // Give the claim back so the retry can start at once.
      await this.media.releaseVariantsClaim(mediaId);
      throw error;
    }
  }

  private async explainSkip(mediaId: string): Promise<void> {
    const media = await this.media.variantsStatus(mediaId);
    if (!media) {
      this.logger.warn({ mediaId }, 'media row is gone; no variants to make');
      return;
    }
    if (media.status === 'processing') throw new VariantsInProgressError(`variants of ${mediaId} are being made by another run`);
    this.logger.log({ mediaId, kind: media.kind, status: media.status }, 'variants already done; skipping');
  }

  private async makeVariants(mediaId: string, media: ClaimedImage): Promise<MediaVariant[]> {
    const stored = await this.storage.read(media.storageKey);
    if (!stored) throw new Error(`original ${media.storageKey} of media ${mediaId} is missing from storage`);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    const original = Buffer.concat(chunks);
    const sharp = await loadSharp();
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
    const ids = await this.media.dueForVariants(limit, DUE_AFTER_SECONDS, CLAIM_LEASE_SECONDS);
    return ids.map((mediaId) => ({ mediaId }));
  }

  /** Marks the image failed for good (the original is still shown); if the database is away, the reconciler retries. */
  async onLastFailure({ mediaId }: MediaVariantsData, error: Error): Promise<void> {
    if (await this.media.markVariantsFailed(mediaId))
      this.logger.error({ mediaId, err: error }, 'variants failed for good; the original is still shown');
  }
}
