import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The three report tables that only know open and closed; event_report has resolved and dismissed already. */
const CLOSED_TABLES = ['user_report', 'community_report', 'rating_report'] as const;

/**
 * The admin reports queue (issue 24): a closed report keeps its outcome (dismissed, or acted on), who
 * closed it, when, and the admin's reason, which the reporter's notification and the audit log tell.
 * The status values stay as they were; reports closed before this migration have no outcome.
 * Each table gets an index to find the open reports of one target, which closing locks.
 */
export class ReportOutcomes1763701730000 implements MigrationInterface {
  name = 'ReportOutcomes1763701730000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of CLOSED_TABLES) {
      await queryRunner.query(`
        ALTER TABLE ${table}
          ADD COLUMN outcome text CHECK (outcome IN ('dismissed', 'acted')),
          ADD COLUMN resolved_at timestamptz,
          ADD COLUMN resolved_by uuid REFERENCES users (id)`);
    }
    for (const table of [...CLOSED_TABLES, 'event_report']) {
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN resolution text CHECK (char_length(resolution) <= 500)`);
    }
    await queryRunner.query(`CREATE INDEX event_report_open_target_idx ON event_report (event_id) WHERE status = 'open'`);
    await queryRunner.query(`CREATE INDEX user_report_open_target_idx ON user_report (reported_id) WHERE status = 'open'`);
    await queryRunner.query(
      `CREATE INDEX community_report_open_post_idx ON community_report (post_id) WHERE status = 'open' AND post_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX community_report_open_comment_idx ON community_report (comment_id) WHERE status = 'open' AND comment_id IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX rating_report_open_target_idx ON rating_report (rating_id) WHERE status = 'open'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of [
      'event_report_open_target_idx',
      'user_report_open_target_idx',
      'community_report_open_post_idx',
      'community_report_open_comment_idx',
      'rating_report_open_target_idx',
    ]) {
      await queryRunner.query(`DROP INDEX ${index}`);
    }
    await queryRunner.query('ALTER TABLE event_report DROP COLUMN resolution');
    for (const table of CLOSED_TABLES) {
      await queryRunner.query(
        `ALTER TABLE ${table} DROP COLUMN outcome, DROP COLUMN resolved_at, DROP COLUMN resolved_by, DROP COLUMN resolution`,
      );
    }
  }
}
