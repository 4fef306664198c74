import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ChatLimits, type MessageType } from '../../contracts/chat.contract.js';
import { queryRows } from '../../platform/database/returning.js';
import { type PersonColumns } from './chat.repository.js';

/** How far back unread messages are still worth a push (push services keep one a day, too). */
const PUSH_WITHIN_MS = 24 * 3600_000;

/** A member's claim on one push: the seqs it covers are (`seenSeq`, `upToSeq`]. */
export interface ClaimedPush {
  userId: string;
  seenSeq: number;
  upToSeq: number;
}

export interface PushedRoom {
  name: string;
  eventId: string | null;
  /** The message pushed alone: what it is, and who sent it. */
  message: { type: MessageType; text: string | null; sender: PersonColumns } | null;
}

/**
 * A member still to be told of a room's newest messages: no device of theirs received them (their
 * read, delivered and pushed marks are all behind the room's last seq), and their last push is
 * older than the batch window (ChatLimits.pushBatchMs). `pushed_seq` is the highest seq they were
 * told of, by a push or by being online when it came.
 */
const UNTOLD = `m.left_at IS NULL AND greatest(m.read_seq, m.delivered_seq, m.pushed_seq) < r.last_seq`;
const WINDOW_PASSED = `(m.pushed_at IS NULL OR m.pushed_at < now() - make_interval(secs => ${ChatLimits.pushBatchMs / 1000}))`;

/** chat_member's push marks, and what a chat push says: the chat module's SQL for pushes. */
@Injectable()
export class ChatPushRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Members of an open room not told of its newest messages yet (whatever their batch window). */
  async untoldMembers(roomId: string): Promise<string[]> {
    const rows: Array<{ user_id: string }> = await this.dataSource.query(
      `SELECT m.user_id FROM chat_member m JOIN chat_room r ON r.id = m.room_id
        WHERE m.room_id = $1 AND r.deleted_at IS NULL AND r.status = 'open' AND ${UNTOLD}`,
      [roomId],
    );
    return rows.map((row) => row.user_id);
  }

  /**
   * Rooms with members due a push, whose last message is between `afterMs` and PUSH_WITHIN_MS old:
   * the sweep's and the reconciler's view. With the room's last seq (the message that made it due).
   */
  async dueRooms(afterMs: number, limit: number): Promise<Array<{ roomId: string; seq: number }>> {
    const rows: Array<{ roomId: string; seq: string }> = await this.dataSource.query(
      `SELECT r.id AS "roomId", r.last_seq AS seq FROM chat_room r
        WHERE r.deleted_at IS NULL AND r.status = 'open'
          AND r.last_message_at < now() - make_interval(secs => $1 / 1000.0)
          AND r.last_message_at > now() - make_interval(secs => $3 / 1000.0)
          AND EXISTS (SELECT 1 FROM chat_member m WHERE m.room_id = r.id AND ${UNTOLD} AND ${WINDOW_PASSED})
        ORDER BY r.last_message_at DESC LIMIT $2`,
      [afterMs, limit, PUSH_WITHIN_MS],
    );
    return rows.map((row) => ({ roomId: row.roomId, seq: Number(row.seq) }));
  }

  /** People online when the messages came saw them live: they count as told, with no push. */
  async markToldLive(tx: EntityManager, roomId: string, userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    await tx.query(
      `UPDATE chat_member m SET pushed_seq = r.last_seq FROM chat_room r
        WHERE r.id = m.room_id AND m.room_id = $1 AND m.user_id = ANY($2::uuid[]) AND m.pushed_seq < r.last_seq`,
      [roomId, userIds],
    );
  }

  /**
   * Claims one push for each of these members still due one (re-checked on the locked rows, so two
   * runs at once claim each push once), covering everything up to the room's last seq.
   */
  async claim(tx: EntityManager, roomId: string, userIds: readonly string[]): Promise<ClaimedPush[]> {
    if (userIds.length === 0) return [];
    const rows = await queryRows<{ user_id: string; seen_seq: string; up_to_seq: string }>(
      tx,
      `WITH due AS (
         SELECT m.room_id, m.user_id, greatest(m.read_seq, m.delivered_seq, m.pushed_seq) AS seen_seq, r.last_seq
           FROM chat_member m JOIN chat_room r ON r.id = m.room_id
          WHERE m.room_id = $1 AND m.user_id = ANY($2::uuid[]) AND r.deleted_at IS NULL AND ${UNTOLD} AND ${WINDOW_PASSED}
          FOR UPDATE OF m
       )
       UPDATE chat_member m SET pushed_seq = due.last_seq, pushed_at = now() FROM due
        WHERE m.room_id = due.room_id AND m.user_id = due.user_id
        RETURNING m.user_id, due.seen_seq, due.last_seq AS up_to_seq`,
      [roomId, userIds],
    );
    return rows.map((row) => ({ userId: row.user_id, seenSeq: Number(row.seen_seq), upToSeq: Number(row.up_to_seq) }));
  }

  /** The room's name and event, and its message `seq` with its sender (none when it is not found). */
  async pushedRoom(tx: EntityManager, roomId: string, seq: number): Promise<PushedRoom | undefined> {
    const rows: Array<{
      name: string;
      event_id: string | null;
      type: MessageType | null;
      text: string | null;
      sender_name: string | null;
      sender_gone: boolean;
    }> = await tx.query(
      `SELECT r.name, r.event_id, msg.type, msg.text, u.name AS sender_name,
              coalesce(u.deleted_at IS NOT NULL OR u.erased_at IS NOT NULL, false) AS sender_gone
         FROM chat_room r
         LEFT JOIN chat_message msg ON msg.room_id = r.id AND msg.seq = $2
         LEFT JOIN users u ON u.id = msg.sender_id
        WHERE r.id = $1`,
      [roomId, seq],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      name: row.name,
      eventId: row.event_id,
      message: row.type
        ? { type: row.type, text: row.text, sender: { name: row.sender_name, photoUrl: null, gone: row.sender_gone } }
        : null,
    };
  }
}
