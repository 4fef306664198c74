import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Tickets and check-in (issue 25). A ticket row gives an accepted application its short code, unique
 * within its event (assigned the first time the ticket or the door list is read). A check_in row is
 * the one check-in of an application: the first (earliest) scan wins, and a device's operation id
 * makes a resent offline batch find its own row. "Has this event used check-in" is an index probe on
 * check_in (event_id), which the ratings rule asks for every attendance.
 */
export class CheckIn1763701830000 implements MigrationInterface {
  name = 'CheckIn1763701830000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE ticket (
        application_id uuid PRIMARY KEY REFERENCES application (id),
        event_id uuid NOT NULL REFERENCES event (id),
        code text NOT NULL CHECK (code ~ '^[2-9A-HJ-NP-Z]{6}$'),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ticket_event_code_unique UNIQUE (event_id, code)
      )`);
    await queryRunner.query(`
      CREATE TABLE check_in (
        application_id uuid PRIMARY KEY REFERENCES application (id),
        event_id uuid NOT NULL REFERENCES event (id),
        checked_in_at timestamptz NOT NULL,
        checked_in_by uuid NOT NULL REFERENCES users (id),
        how text NOT NULL CHECK (how IN ('scan', 'code')),
        client_operation_id uuid,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX check_in_event_idx ON check_in (event_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE check_in');
    await queryRunner.query('DROP TABLE ticket');
  }
}
