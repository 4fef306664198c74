import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A typed mobile number proves nothing, so it no longer reserves the number: only a number verified
 * by a one-time code (phone sign-in) is unique, among accounts that are not deleted.
 */
export class MobileVerification1763700300000 implements MigrationInterface {
  name = 'MobileVerification1763700300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE users
        ADD COLUMN mobile_verified_at timestamptz,
        ADD CONSTRAINT users_mobile_verified_needs_number CHECK (mobile_verified_at IS NULL OR mobile_number IS NOT NULL),
        DROP CONSTRAINT users_mobile_number_key`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX users_verified_mobile_number_key ON users (mobile_number)
        WHERE mobile_verified_at IS NOT NULL AND deleted_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX users_verified_mobile_number_key');
    await queryRunner.query('ALTER TABLE users DROP CONSTRAINT users_mobile_verified_needs_number');
    // The old constraint allows one holder per number: keep the verified, live, oldest one.
    await queryRunner.query(`
      UPDATE users SET mobile_number = NULL
       WHERE id IN (
         SELECT id FROM (
           SELECT id, row_number() OVER (
             PARTITION BY mobile_number
             ORDER BY mobile_verified_at IS NULL, deleted_at IS NOT NULL, created_at, id) AS holder_rank
             FROM users
            WHERE mobile_number IS NOT NULL) ranked
          WHERE holder_rank > 1)`);
    await queryRunner.query(`
      ALTER TABLE users
        DROP COLUMN mobile_verified_at,
        ADD CONSTRAINT users_mobile_number_key UNIQUE (mobile_number)`);
  }
}
