import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Chat (issue 11): a room per event, its members with their read and delivered marks, numbered
 * messages (seq without gaps per room; a client id makes a retried send store one message), poll
 * votes, and the archive old messages of busy rooms move to (still readable).
 */
export class Chat1763701300000 implements MigrationInterface {
  name = 'Chat1763701300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE chat_room (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        event_id uuid REFERENCES event (id),
        name text NOT NULL,
        event_image text,
        created_by uuid NOT NULL REFERENCES users (id),
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
        last_seq bigint NOT NULL DEFAULT 0,
        last_message_at timestamptz,
        archived_seq bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz,
        deleted_at timestamptz
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX chat_room_event_key ON chat_room (event_id) WHERE deleted_at IS NULL');
    // Deleted rooms too: the workers ask whether an event's room was deleted (never to be made again).
    await queryRunner.query('CREATE INDEX chat_room_event_idx ON chat_room (event_id)');
    await queryRunner.query(`
      CREATE TABLE chat_member (
        room_id uuid NOT NULL REFERENCES chat_room (id),
        user_id uuid NOT NULL REFERENCES users (id),
        role text NOT NULL DEFAULT 'member' CHECK (role IN ('host', 'member')),
        source text NOT NULL CHECK (source IN ('host', 'application', 'manual')),
        joined_at timestamptz NOT NULL DEFAULT now(),
        left_at timestamptz,
        removed_by uuid REFERENCES users (id),
        read_seq bigint NOT NULL DEFAULT 0,
        delivered_seq bigint NOT NULL DEFAULT 0,
        pushed_seq bigint NOT NULL DEFAULT 0,
        pushed_at timestamptz,
        PRIMARY KEY (room_id, user_id)
      )`);
    await queryRunner.query('CREATE INDEX chat_member_user_idx ON chat_member (user_id, room_id) WHERE left_at IS NULL');
    await queryRunner.query(`
      CREATE TABLE chat_message (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        room_id uuid NOT NULL REFERENCES chat_room (id),
        seq bigint NOT NULL,
        sender_id uuid NOT NULL REFERENCES users (id),
        client_id text NOT NULL,
        type text NOT NULL CHECK (type IN ('text', 'poll', 'image')),
        text text,
        image_url text,
        poll_options jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT chat_message_seq_key UNIQUE (room_id, seq),
        CONSTRAINT chat_message_client_key UNIQUE (room_id, sender_id, client_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE chat_message_archive (
        id uuid PRIMARY KEY,
        room_id uuid NOT NULL REFERENCES chat_room (id),
        seq bigint NOT NULL,
        sender_id uuid NOT NULL REFERENCES users (id),
        client_id text NOT NULL,
        type text NOT NULL,
        text text,
        image_url text,
        poll_options jsonb,
        created_at timestamptz NOT NULL,
        archived_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT chat_message_archive_seq_key UNIQUE (room_id, seq)
      )`);
    // Votes outlive the move of their message to the archive: no foreign key to either table.
    await queryRunner.query(`
      CREATE TABLE chat_poll_vote (
        message_id uuid NOT NULL,
        option_id text NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id),
        voted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (message_id, option_id, user_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE chat_poll_vote');
    await queryRunner.query('DROP TABLE chat_message_archive');
    await queryRunner.query('DROP TABLE chat_message');
    await queryRunner.query('DROP TABLE chat_member');
    await queryRunner.query('DROP TABLE chat_room');
  }
}
