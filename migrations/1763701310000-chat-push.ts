import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Chat pushes (issue 11) go through the notifications fan-out as the push-only type `chat_message`,
 * kept out of the inbox: the inbox's partial indexes leave those rows out, so a busy chat does not
 * slow anyone's inbox. The push sweep finds rooms by their last message among recent ones.
 */
export class ChatPush1763701310000 implements MigrationInterface {
  name = 'ChatPush1763701310000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX notification_inbox_idx');
    await queryRunner.query(
      `CREATE INDEX notification_inbox_idx ON notification (user_id, created_at DESC, id) WHERE dismissed_at IS NULL AND type <> 'chat_message'`,
    );
    await queryRunner.query('DROP INDEX notification_unread_idx');
    await queryRunner.query(
      `CREATE INDEX notification_unread_idx ON notification (user_id) WHERE read_at IS NULL AND dismissed_at IS NULL AND type <> 'chat_message'`,
    );
    await queryRunner.query(
      `CREATE INDEX chat_room_activity_idx ON chat_room (last_message_at) WHERE deleted_at IS NULL AND status = 'open'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX chat_room_activity_idx');
    await queryRunner.query('DROP INDEX notification_unread_idx');
    await queryRunner.query(
      'CREATE INDEX notification_unread_idx ON notification (user_id) WHERE read_at IS NULL AND dismissed_at IS NULL',
    );
    await queryRunner.query('DROP INDEX notification_inbox_idx');
    await queryRunner.query(
      'CREATE INDEX notification_inbox_idx ON notification (user_id, created_at DESC, id) WHERE dismissed_at IS NULL',
    );
  }
}
