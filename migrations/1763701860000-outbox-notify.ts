import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The relay is woken when events commit (issue 26): after each statement that inserts into
 * outbox_event, the trigger notifies the channel `outbox_event_inserted` the workers LISTEN on.
 * Once per statement, not per row, and with an empty payload: PostgreSQL folds identical
 * notifications of one transaction into one, delivered at its commit (never for a rollback), so a
 * transaction of many events wakes the relay once. The relay reads the rows itself.
 */
export class OutboxNotify1763701860000 implements MigrationInterface {
  name = 'OutboxNotify1763701860000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION outbox_event_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('outbox_event_inserted', '');
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER outbox_event_notify AFTER INSERT ON outbox_event
        FOR EACH STATEMENT EXECUTE FUNCTION outbox_event_notify()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER outbox_event_notify ON outbox_event');
    await queryRunner.query('DROP FUNCTION outbox_event_notify()');
  }
}
