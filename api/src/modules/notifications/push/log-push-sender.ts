import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type PushItem, type PushOutcome, PushSender } from './push-sender.port.js';

/**
 * Local runs and tests (PUSH_PROVIDER=log): every push is recorded in push_log instead of leaving
 * the machine, so a person running Tribe locally, a test or the benchmark can see what went where.
 * Like a phone, a device shows a repeated send of one notification (same collapse key) once; the
 * row counts the sends, so duplicates on the wire stay visible.
 */
@Injectable()
export class LogPushSender extends PushSender {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async send(items: ReadonlyArray<PushItem>): Promise<PushOutcome[]> {
    if (items.length === 0) return [];
    await this.dataSource.query(
      `INSERT INTO push_log (notification_id, device_id, kind, title, body, link, collapse_key)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
       ON CONFLICT (device_id, collapse_key) DO UPDATE SET sends = push_log.sends + 1, sent_at = now()`,
      [
        items.map(({ message }) => message.notificationId),
        items.map(({ target }) => target.deviceId),
        items.map(({ target }) => target.kind),
        items.map(({ message }) => message.title),
        items.map(({ message }) => message.body),
        items.map(({ message }) => message.link),
        items.map(({ message }) => message.collapseKey),
      ],
    );
    return items.map(() => ({ status: 'delivered' }));
  }
}
