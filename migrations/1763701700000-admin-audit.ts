import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The admin console's audit log (issue 24): every admin action — who, what, on which record, when,
 * why, and the record before and after where it matters — written in the action's own transaction.
 * Nothing in the product edits or deletes a row; a trigger refuses UPDATE and DELETE so that a bug
 * cannot either (an account's erasure keeps the rows: they name ids, not personal data).
 */
export class AdminAudit1763701700000 implements MigrationInterface {
  name = 'AdminAudit1763701700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE admin_audit (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        admin_id uuid NOT NULL REFERENCES users (id),
        action text NOT NULL CHECK (char_length(action) BETWEEN 1 AND 60),
        record_type text NOT NULL CHECK (char_length(record_type) BETWEEN 1 AND 40),
        record_id uuid NOT NULL,
        reason text CHECK (char_length(reason) <= 1000),
        before jsonb,
        after jsonb,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await queryRunner.query('CREATE INDEX admin_audit_record_idx ON admin_audit (record_type, record_id, created_at DESC)');
    await queryRunner.query('CREATE INDEX admin_audit_created_idx ON admin_audit (created_at DESC, id DESC)');
    await queryRunner.query('CREATE INDEX admin_audit_admin_idx ON admin_audit (admin_id, created_at DESC)');
    await queryRunner.query(`
      CREATE FUNCTION admin_audit_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'admin_audit rows cannot be changed or deleted';
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER admin_audit_append_only BEFORE UPDATE OR DELETE ON admin_audit
        FOR EACH ROW EXECUTE FUNCTION admin_audit_is_append_only()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE admin_audit');
    await queryRunner.query('DROP FUNCTION admin_audit_is_append_only()');
  }
}
