import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type DeviceInput } from '../../contracts/notifications.contract.js';
import { PushDevice } from './entities/push-device.entity.js';

/** push_device and notification_mute: where a person's pushes go, and which types they do not want pushed. */
@Injectable()
export class PushDevicesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Registers the device for the person. A token or endpoint is one device: registering it again
   * refreshes it, and a browser that registers under another account moves to that account.
   */
  async register(userId: string, sessionId: string | null, device: DeviceInput): Promise<PushDevice> {
    const [token, p256dh, auth] =
      device.kind === 'fcm'
        ? [device.token, null, null]
        : [device.subscription.endpoint, device.subscription.keys.p256dh, device.subscription.keys.auth];
    const rows: PushDevice[] = await this.dataSource.query(
      `INSERT INTO push_device (user_id, kind, token, p256dh, auth, session_id)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (kind, token) DO UPDATE
         SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
             session_id = excluded.session_id, registered_at = now()
       RETURNING id, kind, created_at AS "createdAt"`,
      [userId, device.kind, token, p256dh, auth, sessionId],
    );
    return rows[0]!;
  }

  /** Removes the person's device with this token or endpoint (another person's stays). */
  async unregister(userId: string, token: string): Promise<void> {
    await this.dataSource.query('DELETE FROM push_device WHERE user_id = $1 AND token = $2', [userId, token]);
  }

  async removeForSession(sessionId: string): Promise<void> {
    await this.dataSource.query('DELETE FROM push_device WHERE session_id = $1', [sessionId]);
  }

  async moveSession(tx: EntityManager, from: string, to: string): Promise<void> {
    await tx.query('UPDATE push_device SET session_id = $2 WHERE session_id = $1', [from, to]);
  }

  async removeAllOfBut(tx: EntityManager, userId: string, keptSessionId: string): Promise<void> {
    await tx.query('DELETE FROM push_device WHERE user_id = $1 AND session_id IS DISTINCT FROM $2', [userId, keptSessionId]);
  }

  async removeAllOf(tx: EntityManager, userId: string): Promise<void> {
    await tx.query('DELETE FROM push_device WHERE user_id = $1', [userId]);
  }

  /** Devices the provider said are gone. */
  async prune(tx: EntityManager, deviceIds: string[]): Promise<void> {
    if (deviceIds.length > 0) await tx.query('DELETE FROM push_device WHERE id = ANY($1)', [deviceIds]);
  }

  async muted(userId: string): Promise<string[]> {
    const rows: Array<{ type: string }> = await this.dataSource.query(
      'SELECT type FROM notification_mute WHERE user_id = $1 ORDER BY type',
      [userId],
    );
    return rows.map(({ type }) => type);
  }

  async setMuted(userId: string, types: string[]): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.query('DELETE FROM notification_mute WHERE user_id = $1', [userId]);
      if (types.length > 0)
        await tx.query('INSERT INTO notification_mute (user_id, type) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [
          userId,
          types,
        ]);
    });
  }

  async removeMutesOf(tx: EntityManager, userId: string): Promise<void> {
    await tx.query('DELETE FROM notification_mute WHERE user_id = $1', [userId]);
  }
}
