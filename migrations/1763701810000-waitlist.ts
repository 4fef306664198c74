import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The waitlist of a full event (issue 25). `position` comes from a sequence, so joins made at the
 * same moment are still strictly ordered; a fan has at most one live (waiting or offered) entry per
 * event. An `offered` entry holds a seat until its offer is taken or expires.
 */
export class Waitlist1763701810000 implements MigrationInterface {
  name = 'Waitlist1763701810000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE waitlist_entry (
         id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
         event_id uuid NOT NULL REFERENCES event(id) ON DELETE CASCADE,
         fan_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
         position bigserial NOT NULL,
         status text NOT NULL DEFAULT 'waiting'
           CHECK (status IN ('waiting', 'offered', 'taken', 'expired', 'left', 'removed')),
         offered_at timestamptz,
         offer_expires_at timestamptz,
         offered_by uuid REFERENCES users(id) ON DELETE SET NULL,
         created_at timestamptz NOT NULL DEFAULT now(),
         updated_at timestamptz NOT NULL DEFAULT now(),
         CHECK (status <> 'offered' OR offer_expires_at IS NOT NULL)
       )`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX waitlist_entry_one_live ON waitlist_entry (event_id, fan_id) WHERE status IN ('waiting', 'offered')`,
    );
    await queryRunner.query(
      `CREATE INDEX waitlist_entry_live_order ON waitlist_entry (event_id, position) WHERE status IN ('waiting', 'offered')`,
    );
    await queryRunner.query(`CREATE INDEX waitlist_entry_fan ON waitlist_entry (fan_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE waitlist_entry');
  }
}
