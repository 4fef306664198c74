import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { queryRows } from '../../platform/database/returning.js';
import { Media, type MediaVariant, type VariantsStatus } from './entities/media.entity.js';

export type NewMedia = Pick<Media, 'id' | 'ownerId' | 'kind' | 'storageKey' | 'contentType' | 'bytes' | 'variantsStatus'> &
  Partial<Pick<Media, 'width' | 'height'>>;

export interface ClaimedImage {
  storageKey: string;
  width: number;
  height: number;
}

export type StoredFiles = Pick<Media, 'id' | 'storageKey' | 'variants'>;

/** The media table, all of its SQL. */
@Injectable()
export class MediaRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(tx: EntityManager, media: NewMedia): Promise<void> {
    await tx.insert(Media, media);
  }

  async findImage(id: string): Promise<Media | undefined> {
    return (await this.dataSource.getRepository(Media).findOne({ where: { id, kind: 'image' } })) ?? undefined;
  }

  async variantsStatus(id: string): Promise<{ kind: string; status: VariantsStatus } | undefined> {
    const media = await this.dataSource.getRepository(Media).findOne({ select: { kind: true, variantsStatus: true }, where: { id } });
    return media ? { kind: media.kind, status: media.variantsStatus } : undefined;
  }

  /** Claims an image for the variants job: pending or failed, or processing under a lapsed claim. */
  async claimVariants(id: string, leaseSeconds: number): Promise<ClaimedImage | undefined> {
    const [claimed] = await queryRows<ClaimedImage>(
      this.dataSource,
      `UPDATE media SET variants_status = 'processing', variants_claimed_at = now(), updated_at = now()
        WHERE id = $1 AND kind = 'image'
          AND (variants_status IN ('pending', 'failed')
               OR (variants_status = 'processing' AND variants_claimed_at < now() - make_interval(secs => $2)))
        RETURNING storage_key AS "storageKey", width, height`,
      [id, leaseSeconds],
    );
    return claimed;
  }

  /** False when the row is gone (erased meanwhile) or was made ready by another run. */
  async recordVariants(id: string, variants: MediaVariant[]): Promise<boolean> {
    const done = await queryRows(
      this.dataSource,
      `UPDATE media SET variants = $2, variants_status = 'ready', variants_claimed_at = NULL, updated_at = now()
        WHERE id = $1 AND variants_status <> 'ready' RETURNING id`,
      [id, JSON.stringify(variants)],
    );
    return done.length > 0;
  }

  async releaseVariantsClaim(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE media SET variants_status = 'pending', variants_claimed_at = NULL WHERE id = $1 AND variants_status = 'processing'`,
      [id],
    );
  }

  /** False when the variants were made (or the row erased) meanwhile. */
  async markVariantsFailed(id: string): Promise<boolean> {
    const failed = await queryRows(
      this.dataSource,
      `UPDATE media SET variants_status = 'failed', variants_claimed_at = NULL, updated_at = now()
        WHERE id = $1 AND variants_status IN ('pending', 'processing') RETURNING id`,
      [id],
    );
    return failed.length > 0;
  }

  /** Images still waiting for variants: pending for `pendingSeconds`, or claimed by a run that died. */
  async dueForVariants(limit: number, pendingSeconds: number, leaseSeconds: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM media
        WHERE kind = 'image'
          AND ((variants_status = 'pending' AND updated_at < now() - make_interval(secs => $2))
               OR (variants_status = 'processing' AND variants_claimed_at < now() - make_interval(secs => $3)))
        ORDER BY created_at LIMIT $1`,
      [limit, pendingSeconds, leaseSeconds],
    );
    return rows.map((row) => row.id);
  }

  async exists(id: string): Promise<boolean> {
    return this.dataSource.getRepository(Media).exists({ where: { id } });
  }

  /** Keeps these uploads of the owner when their account is erased. */
  async retain(ownerId: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query('UPDATE media SET retained_at = now() WHERE owner_id = $1 AND id = ANY($2) AND retained_at IS NULL', [
      ownerId,
      ids,
    ]);
  }

  async findUnretainedOf(ownerId: string): Promise<StoredFiles[]> {
    return this.dataSource
      .getRepository(Media)
      .find({ select: { id: true, storageKey: true, variants: true }, where: { ownerId, retainedAt: IsNull() } });
  }

  async delete(id: string): Promise<void> {
    await this.dataSource.query('DELETE FROM media WHERE id = $1', [id]);
  }

  /** Bytes of the person's uploads (originals; variants are small beside them). */
  async bytesOwnedBy(ownerId: string, runner: DataSource | EntityManager = this.dataSource): Promise<number> {
    const [row] = await runner.query<Array<{ used: string }>>('SELECT coalesce(sum(bytes), 0) AS used FROM media WHERE owner_id = $1', [
      ownerId,
    ]);
    return Number(row!.used);
  }

  /**
   * Holds the person's uploads for the rest of `tx`, so two uploads recorded at once cannot both fit
   * in the last of the quota: the second waits, then counts the first.
   */
  async lockOwnerUploads(tx: EntityManager, ownerId: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('media.owner:' || $1, 0))`, [ownerId]);
  }

  /**
   * Uploads the sweep should look at: uploaded over `graceSeconds` ago, not retained as history, and
   * never found in use or found so over `graceSeconds` ago — never checked first, then oldest checked.
   * An image whose variants a worker is making right now is left for the next run.
   */
  async sweepCandidates(limit: number, graceSeconds: number): Promise<StoredFiles[]> {
    return this.dataSource.query(
      `SELECT id, storage_key AS "storageKey", variants FROM media
        WHERE retained_at IS NULL AND variants_status <> 'processing'
          AND created_at < now() - make_interval(secs => $2)
          AND (sweep_checked_at IS NULL OR sweep_checked_at < now() - make_interval(secs => $2))
        ORDER BY sweep_checked_at NULLS FIRST, created_at
        LIMIT $1`,
      [limit, graceSeconds],
    );
  }

  /** The sweep found these in use (or could not delete them): it looks again a grace period later. */
  async markSweepChecked(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query('UPDATE media SET sweep_checked_at = now() WHERE id = ANY($1)', [ids]);
  }

  /** Deletes the row of an upload nobody uses (its files are gone first); a retained one stays. */
  async deleteUnused(id: string): Promise<void> {
    await this.dataSource.query('DELETE FROM media WHERE id = $1 AND retained_at IS NULL', [id]);
  }
}
