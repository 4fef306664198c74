import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * When an email was proven to be the person's (a verified Google sign-in). Until then a password set
 * with it may be someone else's: the first Google sign-in clears it (docs/decisions.md, "Google and phone sign-in").
 */
export class EmailVerification1763701120000 implements MigrationInterface {
  name = 'EmailVerification1763701120000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE users ADD COLUMN email_verified_at timestamptz');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE users DROP COLUMN email_verified_at');
  }
}
