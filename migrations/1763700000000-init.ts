import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class Init1763700000000 implements MigrationInterface {
  name = 'Init1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox_event (
        id uuid PRIMARY KEY,
        type text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX outbox_event_unpublished_idx ON outbox_event (created_at) WHERE published_at IS NULL');

    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        role text NOT NULL DEFAULT 'fan' CHECK (role IN ('fan', 'influencer', 'admin')),
        is_admin boolean NOT NULL DEFAULT false,
        admin_permissions jsonb,
        name text,
        username text CONSTRAINT users_username_key UNIQUE,
        email text CONSTRAINT users_email_key UNIQUE,
        password_hash text,
        avatar_url text,
        bio text,
        location text,
        age integer CHECK (age BETWEEN 18 AND 100),
        gender text CHECK (gender IN ('male', 'female')),
        height text,
        work text,
        education text,
        education_level text,
        drinking text,
        mobile_number text CONSTRAINT users_mobile_number_key UNIQUE CHECK (mobile_number ~ '^\\+91[6-9][0-9]{9}$'),
        media_gallery jsonb NOT NULL DEFAULT '[]',
        profile_photos jsonb NOT NULL DEFAULT '[]',
        interests jsonb NOT NULL DEFAULT '[]',
        facebook_url text,
        instagram_url text,
        instagram_handle text,
        youtube_url text,
        cover_photo_url text,
        verified boolean NOT NULL DEFAULT false,
        government_id_url text,
        verified_at timestamptz,
        wallet_balance integer NOT NULL DEFAULT 0,
        events_attended integer NOT NULL DEFAULT 0,
        events_hosted integer NOT NULL DEFAULT 0,
        follower_count integer NOT NULL DEFAULT 0,
        rating numeric(3, 2),
        deleted_at timestamptz,
        erased_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await queryRunner.query(`
      CREATE TABLE session (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash text NOT NULL CONSTRAINT session_token_hash_key UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX session_user_idx ON session (user_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE session');
    await queryRunner.query('DROP TABLE users');
    await queryRunner.query('DROP TABLE outbox_event');
  }
}
