import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import { type AppConfig } from '../../../platform/config/config.schema.js';
import { defineScheduledJob } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type ScheduledJobHandler } from '../../../platform/jobs/job-handler.js';
import { STORAGE, type StoragePort } from '../../../platform/providers/storage/storage.port.js';
import { MEDIA_REFERENCES, type MediaReferences } from '../media-references.port.js';
import { MediaRepository, type StoredFiles } from '../media.repository.js';

export const UploadsSweepJob = defineScheduledJob({
  name: 'uploads.sweep',
  queue: 'media',
  everyMs: 60 * 60_000,
  attempts: 3,
  backoff: { type: 'exponential', delay: 60_000 },
});

/** Uploads looked at per query, and queries per run: a run does a bounded amount of work. */
export const SWEEP_BATCH = 200;
const SWEEP_BATCHES_PER_RUN = 25;

export interface SweepReport {
  /** Uploads looked at. */
  checked: number;
  /** Deleted (files, then row). */
  deleted: number;
  /** Found in use: looked at again a grace period later. */
  inUse: number;
  /** Could not be deleted now (storage failed): tried again a grace period later. */
  putOff: number;
}

/**
 * Deletes uploads nobody uses: older than UPLOAD_SWEEP_GRACE_HOURS, not retained as an erased host's
 * history, and referenced by no record of any module (each answers through the MediaReferences port).
 * Files go first, then the row, so a run that dies halfway leaves a row the next run finds and
 * finishes; deleting what is already gone is not an error, so runs may overlap. What is due is found
 * in PostgreSQL on every run, so a missed run is made good by the next.
 */
@Injectable()
@HandlesJob(UploadsSweepJob)
export class UploadsSweepHandler implements ScheduledJobHandler {
  private readonly logger = new Logger(UploadsSweepHandler.name);

  constructor(
    private readonly media: MediaRepository,
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(MEDIA_REFERENCES) private readonly references: readonly MediaReferences[],
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(): Promise<void> {
    const report = await this.sweep();
    if (report.checked > 0) this.logger.log(report, 'unused uploads swept');
  }

  async sweep(): Promise<SweepReport> {
    const report: SweepReport = { checked: 0, deleted: 0, inUse: 0, putOff: 0 };
    const graceSeconds = Math.round(this.config.UPLOAD_SWEEP_GRACE_HOURS * 3600);
    for (let batch = 0; batch < SWEEP_BATCHES_PER_RUN; batch++) {
      const candidates = await this.media.sweepCandidates(SWEEP_BATCH, graceSeconds);
      const used = await this.referencedAmong(candidates.map((upload) => upload.id));
      const keep = candidates.filter((upload) => used.has(upload.id)).map((upload) => upload.id);
      const putOff: string[] = [];
      for (const upload of candidates.filter((candidate) => !used.has(candidate.id))) {
        if (await this.remove(upload)) report.deleted += 1;
        else putOff.push(upload.id);
      }
      // Looked at again a grace period later; until then, later batches of this run skip them.
      await this.media.markSweepChecked([...keep, ...putOff]);
      report.checked += candidates.length;
      report.inUse += keep.length;
      report.putOff += putOff.length;
      if (candidates.length < SWEEP_BATCH) break;
    }
    return report;
  }

  private async referencedAmong(ids: string[]): Promise<Set<string>> {
    const used = new Set<string>();
    if (ids.length === 0) return used;
    for (const source of this.references) for (const id of await source.referencedAmong(ids)) used.add(id);
    return used;
  }

  /** Files first, then the row; false when the store failed (the row stays, so nothing is lost track of). */
  private async remove(upload: StoredFiles): Promise<boolean> {
    try {
      for (const key of [upload.storageKey, ...upload.variants.map((variant) => variant.key)]) await this.storage.delete(key);
    } catch (error) {
      this.logger.error({ err: error, mediaId: upload.id }, 'could not delete the files of an unused upload; trying again later');
      return false;
    }
    await this.media.deleteUnused(upload.id);
    return true;
  }
}
