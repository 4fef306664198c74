import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Operations: each outbox event keeps the id of the request that recorded it (logs follow a payment
 * from the request to its jobs), and support staff's retries and discards of jobs are recorded.
 */
export class Operations1763701200000 implements MigrationInterface {
  name = 'Operations1763701200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE outbox_event ADD COLUMN request_id text');
    await queryRunner.query(`
      CREATE TABLE support_audit (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        admin_id uuid NOT NULL REFERENCES users (id),
        action text NOT NULL CHECK (action IN ('retry', 'discard')),
        queue text NOT NULL,
        job_id text NOT NULL,
        job_name text NOT NULL,
        reason text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX support_audit_job_idx ON support_audit (queue, job_id, created_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE support_audit');
    await queryRunner.query('ALTER TABLE outbox_event DROP COLUMN request_id');
  }
}
