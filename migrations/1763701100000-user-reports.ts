import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Reports of one person about another (issue 12), kept for moderation. A reporter has at most one
 * open report per person: a second is refused until moderation closes the first.
 */
export class UserReports1763701100000 implements MigrationInterface {
  name = 'UserReports1763701100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE user_report (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        reporter_id uuid NOT NULL REFERENCES users(id),
        reported_id uuid NOT NULL REFERENCES users(id),
        reason text NOT NULL,
        details text,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (reporter_id <> reported_id)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX user_report_one_open_idx ON user_report (reporter_id, reported_id) WHERE status = 'open'`);
    await queryRunner.query('CREATE INDEX user_report_status_created_idx ON user_report (status, created_at DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE user_report');
  }
}
