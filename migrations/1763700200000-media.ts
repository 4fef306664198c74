import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Uploaded images and videos, and the responsive variants the workers make of images. */
export class Media1763700200000 implements MigrationInterface {
  name = 'Media1763700200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE media (
        id uuid PRIMARY KEY,
        owner_id uuid NOT NULL REFERENCES users (id),
        kind text NOT NULL CHECK (kind IN ('image', 'video')),
        storage_key text NOT NULL CONSTRAINT media_storage_key_key UNIQUE,
        content_type text NOT NULL,
        bytes bigint NOT NULL CHECK (bytes > 0),
        width integer CHECK (width > 0),
        height integer CHECK (height > 0),
        variants jsonb NOT NULL DEFAULT '[]',
        variants_status text NOT NULL DEFAULT 'pending'
          CHECK (variants_status IN ('pending', 'processing', 'ready', 'failed')),
        variants_claimed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT media_image_dimensions CHECK (kind <> 'image' OR (width IS NOT NULL AND height IS NOT NULL))
      )`);
    await queryRunner.query('CREATE INDEX media_owner_idx ON media (owner_id, created_at DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE media');
  }
}
