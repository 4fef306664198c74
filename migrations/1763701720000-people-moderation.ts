import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * People moderation (issue 24): a suspension (when, why) and a refused verification (when, why) on
 * the person. A suspended host's published events move to moderation_status 'host_suspended' in the
 * suspension's transaction and back on restore: every list, search and page already shows only
 * 'published' ones, so the hot list query and its partial indexes stay as they are.
 */
export class PeopleModeration1763701720000 implements MigrationInterface {
  name = 'PeopleModeration1763701720000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE users
        ADD COLUMN suspended_at timestamptz,
        ADD COLUMN suspension_reason text CHECK (char_length(suspension_reason) <= 1000),
        ADD COLUMN verification_refused_at timestamptz,
        ADD COLUMN verification_refusal_reason text CHECK (char_length(verification_refusal_reason) <= 1000)`);
    // The admin search pages newest first, by keyset.
    await queryRunner.query('CREATE INDEX users_admin_search_idx ON users (created_at DESC, id DESC) WHERE deleted_at IS NULL');
    await queryRunner.query('ALTER TABLE event DROP CONSTRAINT event_moderation_status_check');
    await queryRunner.query(`
      ALTER TABLE event ADD CONSTRAINT event_moderation_status_check
        CHECK (moderation_status IN ('published', 'pending_review', 'rejected', 'host_suspended'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE event SET moderation_status = 'published' WHERE moderation_status = 'host_suspended'`);
    await queryRunner.query('ALTER TABLE event DROP CONSTRAINT event_moderation_status_check');
    await queryRunner.query(`
      ALTER TABLE event ADD CONSTRAINT event_moderation_status_check
        CHECK (moderation_status IN ('published', 'pending_review', 'rejected'))`);
    await queryRunner.query('DROP INDEX users_admin_search_idx');
    await queryRunner.query(`
      ALTER TABLE users DROP COLUMN suspended_at, DROP COLUMN suspension_reason,
        DROP COLUMN verification_refused_at, DROP COLUMN verification_refusal_reason`);
  }
}
