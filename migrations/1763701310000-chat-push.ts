import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Chat pushes (issue 11) go through the notifications fan-out as the push-only type `chat_message`,
 * kept out of the inbox: the inbox's partial indexes leave those rows out, so a busy chat does not
 * slow anyone's inbox. The push sweep finds rooms by their last message among recent ones.
 *
 * Events and acceptances from before the chat get the domain events the chat's jobs follow (upcoming
 * listed events, and their accepted fans), so the workers open those rooms and add those fans too.
 */
const UPCOMING = `e.moderation_status = 'published' AND e.status <> 'cancelled' AND e.deleted_at IS NULL AND e.date > now()`;

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
    await queryRunner.query(
      `INSERT INTO outbox_event (id, type, payload)
       SELECT gen_random_uuid(), 'event.published', jsonb_build_object('eventId', e.id) FROM event e WHERE ${UPCOMING}`,
    );
    await queryRunner.query(
      `INSERT INTO outbox_event (id, type, payload)
       SELECT gen_random_uuid(), 'application.accepted', jsonb_build_object('applicationId', a.id, 'eventId', a.event_id, 'fanId', a.fan_id)
         FROM application a JOIN event e ON e.id = a.event_id
        WHERE a.status = 'accepted' AND ${UPCOMING}`,
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
