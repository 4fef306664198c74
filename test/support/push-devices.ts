import { createECDH, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { type BrowserSubscription } from './push-service.js';

/** A browser's PushSubscription.toJSON(), with real-sized keys (for the log provider: nothing is sent to it). */
export function browserSubscription(endpoint = `https://push.example.net/send/${randomBytes(12).toString('hex')}`): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

/** What the person's devices showed of chat pushes (the log provider's record), oldest first. */
export async function chatPushesTo(db: pg.Pool, userId: string): Promise<Array<{ title: string; body: string; link: string }>> {
  const { rows } = await db.query<{ title: string; body: string; link: string }>(
    `SELECT p.title, p.body, p.link FROM push_log p JOIN notification n ON n.id = p.notification_id
      WHERE n.user_id = $1 AND n.type = 'chat_message' ORDER BY p.id`,
    [userId],
  );
  return rows;
}
