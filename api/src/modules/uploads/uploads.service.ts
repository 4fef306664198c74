import type { MultipartFile } from '@fastify/multipart';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import { STORAGE, type StoragePort } from '../../platform/providers/storage/storage.port.js';
import { VIDEO_TYPES } from './content-sniffing.js';
import { DecodeSlots, NoDecodeSlotError } from './decode-slots.js';
import { type VariantsStatus } from './entities/media.entity.js';
import { prepareImage, type PreparedImage } from './image-preparation.js';
import { MediaRepository } from './media.repository.js';
import { originalKey } from './media-keys.js';
import { UploadLimits } from './upload-limits.service.js';
import { readImage, receiveVideo, removeTemporary } from './upload-receiver.js';
import { decodersBusy, imageNotFound } from './uploads.errors.js';
import { ImageUploaded } from './uploads.events.js';

export interface UploadedMedia {
  id: string;
  url: string;
}

export interface ResponsiveImage {
  id: string;
  original: string;
  width: number;
  height: number;
  /** pending until the worker has made the variants; the original is usable meanwhile. */
  status: 'pending' | 'ready' | 'failed';
  variants: Array<{ width: number; height: number; url: string }>;
}

const publicStatus = (status: VariantsStatus): ResponsiveImage['status'] => (status === 'processing' ? 'pending' : status);

/** When to try again after every decode slot was taken: a few images' worth of decoding. */
const DECODE_RETRY_AFTER_SECONDS = 5;

@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);
  private readonly decodes: DecodeSlots;

  constructor(
    private readonly dataSource: DataSource,
    private readonly media: MediaRepository,
    private readonly limits: UploadLimits,
    private readonly outbox: OutboxService,
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.decodes = new DecodeSlots({
      concurrency: config.UPLOAD_DECODE_CONCURRENCY,
      maxWaiting: config.UPLOAD_DECODE_MAX_WAITING,
      maxWaitMs: config.UPLOAD_DECODE_MAX_WAIT_MS,
    });
  }

  /**
   * Before the body of an upload is read: counts it against the person's rate (429 over it) and
   * refuses it when their uploads already fill their quota (413).
   */
  async admit(owner: AuthUser): Promise<void> {
    await this.limits.admit(owner.id);
    await this.limits.checkRoomFor(owner.id);
  }

  /**
   * Checks and cleans the image (in one of a few decode slots), stores it, then records the row and
   * the `media.image_uploaded` event in one transaction (the worker makes the variants), if it fits
   * the person's quota. Nothing is stored for a refused file.
   */
  async uploadImage(owner: AuthUser, file: MultipartFile): Promise<UploadedMedia> {
    const image = await this.prepare(await readImage(file, this.config.UPLOAD_MAX_IMAGE_BYTES));
    const bytes = image.buffer.length;
    await this.limits.checkRoomFor(owner.id, bytes);
    const id = randomUUID();
    const key = originalKey(id, image.extension);
    await this.storage.put(key, image.buffer, { contentType: image.contentType, bytes });
    await this.record(key, async (tx) => {
      await this.limits.reserve(tx, owner.id, bytes);
      await this.media.insert(tx, {
        id,
        ownerId: owner.id,
        kind: 'image',
        storageKey: key,
        contentType: image.contentType,
        bytes,
        width: image.width,
        height: image.height,
        variantsStatus: 'pending',
      });
      await this.outbox.publish(tx, ImageUploaded, { mediaId: id });
    });
    this.logger.log({ mediaId: id, bytes, reencoded: image.reencoded }, 'image uploaded');
    return { id, url: this.storage.publicUrl(key) };
  }

  /** Decoding is the dear part of an upload: at most UPLOAD_DECODE_CONCURRENCY at once; 503 when the wait is too long. */
  private async prepare(input: Buffer): Promise<PreparedImage> {
    try {
      return await this.decodes.run(() => prepareImage(input));
    } catch (error) {
      if (!(error instanceof NoDecodeSlotError)) throw error;
      this.logger.warn({ reason: error.reason, ...this.decodes.load }, 'image upload refused: every decode slot is taken');
      throw decodersBusy(DECODE_RETRY_AFTER_SECONDS);
    }
  }

  /** Videos are stored as sent (after the signature check); they have no variants. */
  async uploadVideo(owner: AuthUser, file: MultipartFile): Promise<UploadedMedia> {
    const video = await receiveVideo(file, this.config.UPLOAD_MAX_VIDEO_BYTES);
    try {
      await this.limits.checkRoomFor(owner.id, video.bytes);
      const id = randomUUID();
      const { contentType, extension } = VIDEO_TYPES[video.kind];
      const key = originalKey(id, extension);
      await this.storage.put(key, createReadStream(video.path), { contentType, bytes: video.bytes, sha256: video.sha256 });
      await this.record(key, async (tx) => {
        await this.limits.reserve(tx, owner.id, video.bytes);
        await this.media.insert(tx, {
          id,
          ownerId: owner.id,
          kind: 'video',
          storageKey: key,
          contentType,
          bytes: video.bytes,
          variantsStatus: 'ready',
        });
      });
      this.logger.log({ mediaId: id, bytes: video.bytes }, 'video uploaded');
      return { id, url: this.storage.publicUrl(key) };
    } finally {
      await removeTemporary(video.path);
    }
  }

  /** If the row cannot be written (or the quota refuses it), the stored file goes too: a refused upload leaves nothing. */
  private async record(key: string, write: (tx: EntityManager) => Promise<void>): Promise<void> {
    try {
      await this.dataSource.transaction(write);
    } catch (error) {
      await this.storage.delete(key).catch((deleteError: unknown) => {
        this.logger.error({ err: deleteError, key }, 'could not remove the file of a failed upload');
      });
      throw error;
    }
  }

  /** Any signed-in user may ask: images are public once uploaded (their URLs are). */
  async responsive(id: string): Promise<ResponsiveImage> {
    const media = await this.media.findImage(id);
    if (!media) throw imageNotFound();
    const status = publicStatus(media.variantsStatus);
    return {
      id: media.id,
      original: this.storage.publicUrl(media.storageKey),
      width: media.width!,
      height: media.height!,
      status,
      variants:
        status === 'ready'
          ? media.variants.map((variant) => ({ width: variant.width, height: variant.height, url: this.storage.publicUrl(variant.key) }))
          : [],
    };
  }
}
