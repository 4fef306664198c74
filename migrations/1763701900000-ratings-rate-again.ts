import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A withdrawn review no longer holds its rater's one rating of the event: once its reports are
 * closed, its rater may rate the event again, as after deleting one that was never reported. While
 * reports are open the insert itself refuses (RatingsRepository.insert); removed reviews still hold it.
 */
export class RatingsRateAgain1763701900000 implements MigrationInterface {
  name = 'RatingsRateAgain1763701900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX rating_one_per_event_idx');
    await queryRunner.query(
      `CREATE UNIQUE INDEX rating_one_per_event_idx ON rating (rater_id, event_id, rated_influencer_id) WHERE status <> 'withdrawn'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // A withdrawn review its rater has since replaced (or withdrawn again) gives way, its closed
    // reports with it (ON DELETE CASCADE), so the index can hold every row again.
    await queryRunner.query(
      `DELETE FROM rating w WHERE w.status = 'withdrawn' AND EXISTS (
         SELECT 1 FROM rating r WHERE r.rater_id = w.rater_id AND r.event_id = w.event_id
            AND r.rated_influencer_id = w.rated_influencer_id AND r.id <> w.id
            AND (r.status <> 'withdrawn' OR (r.created_at, r.id) > (w.created_at, w.id)))`,
    );
    await queryRunner.query('DROP INDEX rating_one_per_event_idx');
    await queryRunner.query('CREATE UNIQUE INDEX rating_one_per_event_idx ON rating (rater_id, event_id, rated_influencer_id)');
  }
}
