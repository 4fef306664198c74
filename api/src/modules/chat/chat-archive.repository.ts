import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ChatLimits } from '../../contracts/chat.contract.js';

const OLD = `created_at < now() - make_interval(days => ${ChatLimits.archiveAgeDays})`;

/**
 * Moves old messages of busy rooms to chat_message_archive, where history still reads them. The
 * room's archived_seq says how far the move went: every seq up to it is in the archive, so a
 * batch moves the oldest messages next in seq order, and stops at the first one still too young.
 */
@Injectable()
export class ChatArchiveRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Rooms holding more than ChatLimits.archiveAbove live messages whose next message to move is old enough. */
  async roomsToArchive(limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT r.id FROM chat_room r
        WHERE r.deleted_at IS NULL AND r.last_seq - r.archived_seq > $1
          AND EXISTS (
            SELECT 1 FROM chat_message m WHERE m.room_id = r.id AND m.seq > r.archived_seq AND m.${OLD}
             ORDER BY m.seq LIMIT 1
          )
        ORDER BY r.last_seq - r.archived_seq DESC LIMIT $2`,
      [ChatLimits.archiveAbove, limit],
    );
    return rows.map(({ id }) => id);
  }

  /**
   * Moves the room's next run of old messages (at most `batch`, in seq order) in one transaction:
   * copied, deleted, archived_seq moved past them. The room row is locked first, so two runs never
   * move the same messages. Answers how many moved (0: nothing old is left to move).
   */
  async archiveBatch(roomId: string, batch: number): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const [room] = (await tx.query('SELECT archived_seq FROM chat_room WHERE id = $1 FOR UPDATE', [roomId])) as Array<{
        archived_seq: string;
      }>;
      if (!room) return 0;
      const next: Array<{ seq: string; old: boolean }> = await tx.query(
        `SELECT seq, ${OLD} AS old FROM chat_message WHERE room_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
        [roomId, room.archived_seq, batch],
      );
      const young = next.findIndex((message) => !message.old);
      const moving = young === -1 ? next : next.slice(0, young);
      if (moving.length === 0) return 0;
      const upTo = moving.at(-1)!.seq;
      await tx.query(
        `WITH moved AS (
           DELETE FROM chat_message WHERE room_id = $1 AND seq > $2 AND seq <= $3
           RETURNING id, room_id, seq, sender_id, client_id, type, text, image_url, poll_options, created_at
         )
         INSERT INTO chat_message_archive (id, room_id, seq, sender_id, client_id, type, text, image_url, poll_options, created_at)
         SELECT id, room_id, seq, sender_id, client_id, type, text, image_url, poll_options, created_at FROM moved`,
        [roomId, room.archived_seq, upTo],
      );
      await tx.query('UPDATE chat_room SET archived_seq = $2 WHERE id = $1', [roomId, upTo]);
      return moving.length;
    });
  }
}
