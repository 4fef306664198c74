import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Notifications (issue 10): the inbox grows the text it shows, and pushes get their tables.
 * - push_device: where a person's pushes go, one row per FCM token or Web Push endpoint (a browser
 *   that registers again under another account moves to it).
 * - push_delivery: one row per (notification, device), written when the fan-out plans it; the
 *   delivery jobs send what is pending in their batch, so PostgreSQL says what is still due.
 * - notification_mute: types a person keeps in the inbox but does not want pushed.
 * - admin_notification: an admin's announcement to an audience, sent now or at a time.
 * - push_log: what the log provider (local runs) would have pushed, one row per notification a
 *   device shows (a repeated send with the same collapse key replaces it, as on a phone; `sends` counts).
 * Notifications written before this migration are marked planned: nobody gets old news pushed.
 */
export class NotificationsPush1763701000000 implements MigrationInterface {
  name = 'NotificationsPush1763701000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE admin_notification (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        created_by uuid NOT NULL REFERENCES users(id),
        type text NOT NULL,
        title text NOT NULL,
        body text NOT NULL,
        image_url text,
        link text,
        audience jsonb NOT NULL,
        send_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'sending', 'sent', 'cancelled')),
        recipient_count integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX admin_notification_due_idx ON admin_notification (send_at) WHERE status IN ('scheduled', 'sending')`,
    );
    await queryRunner.query('CREATE INDEX admin_notification_history_idx ON admin_notification (created_at DESC)');

    await queryRunner.query(`
      ALTER TABLE notification
        ADD COLUMN title text,
        ADD COLUMN body text,
        ADD COLUMN link text,
        ADD COLUMN image_url text,
        ADD COLUMN campaign_id uuid REFERENCES admin_notification(id),
        ADD COLUMN dedupe_key text,
        ADD COLUMN opened_at timestamptz,
        ADD COLUMN dismissed_at timestamptz,
        ADD COLUMN push_planned_at timestamptz`);
    await queryRunner.query('UPDATE notification SET push_planned_at = created_at');
    await queryRunner.query(
      'CREATE UNIQUE INDEX notification_dedupe_idx ON notification (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL',
    );
    await queryRunner.query(
      'CREATE INDEX notification_inbox_idx ON notification (user_id, created_at DESC, id) WHERE dismissed_at IS NULL',
    );
    await queryRunner.query(
      'CREATE INDEX notification_unread_idx ON notification (user_id) WHERE read_at IS NULL AND dismissed_at IS NULL',
    );
    await queryRunner.query('CREATE INDEX notification_unplanned_idx ON notification (created_at) WHERE push_planned_at IS NULL');
    await queryRunner.query('CREATE INDEX notification_campaign_idx ON notification (campaign_id) WHERE campaign_id IS NOT NULL');
    await queryRunner.query('CREATE INDEX notification_stats_idx ON notification (created_at, type)');

    await queryRunner.query(`
      CREATE TABLE push_device (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id),
        kind text NOT NULL CHECK (kind IN ('fcm', 'webpush')),
        token text NOT NULL,
        p256dh text,
        auth text,
        session_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        registered_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT push_device_token_unique UNIQUE (kind, token),
        CONSTRAINT push_device_webpush_keys CHECK ((kind = 'webpush') = (p256dh IS NOT NULL AND auth IS NOT NULL))
      )`);
    await queryRunner.query('CREATE INDEX push_device_user_idx ON push_device (user_id)');
    await queryRunner.query('CREATE INDEX push_device_session_idx ON push_device (session_id) WHERE session_id IS NOT NULL');

    await queryRunner.query(`
      CREATE TABLE push_delivery (
        notification_id uuid NOT NULL REFERENCES notification(id) ON DELETE CASCADE,
        device_id uuid NOT NULL,
        batch_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('fcm', 'webpush')),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed', 'pruned')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (notification_id, device_id)
      )`);
    await queryRunner.query(`CREATE INDEX push_delivery_batch_idx ON push_delivery (batch_id) WHERE status = 'pending'`);
    await queryRunner.query(`CREATE INDEX push_delivery_due_idx ON push_delivery (created_at) WHERE status = 'pending'`);
    await queryRunner.query('CREATE INDEX push_delivery_stats_idx ON push_delivery (updated_at, status)');

    await queryRunner.query(`
      CREATE TABLE notification_mute (
        user_id uuid NOT NULL REFERENCES users(id),
        type text NOT NULL,
        PRIMARY KEY (user_id, type)
      )`);

    await queryRunner.query(`
      CREATE TABLE push_log (
        id bigserial PRIMARY KEY,
        notification_id uuid NOT NULL,
        device_id uuid NOT NULL,
        kind text NOT NULL,
        title text NOT NULL,
        body text NOT NULL,
        link text NOT NULL,
        collapse_key text NOT NULL,
        sends integer NOT NULL DEFAULT 1,
        sent_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT push_log_shown_once UNIQUE (device_id, collapse_key)
      )`);
    await queryRunner.query('CREATE INDEX push_log_notification_idx ON push_log (notification_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE push_log');
    await queryRunner.query('DROP TABLE notification_mute');
    await queryRunner.query('DROP TABLE push_delivery');
    await queryRunner.query('DROP TABLE push_device');
    await queryRunner.query(`
      ALTER TABLE notification
        DROP COLUMN title, DROP COLUMN body, DROP COLUMN link, DROP COLUMN image_url, DROP COLUMN campaign_id,
        DROP COLUMN dedupe_key, DROP COLUMN opened_at, DROP COLUMN dismissed_at, DROP COLUMN push_planned_at`);
    await queryRunner.query('DROP TABLE admin_notification');
  }
}
