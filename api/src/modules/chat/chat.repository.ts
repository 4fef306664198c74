import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type MemberRole, type MessageType, type RoomStatus } from '../../contracts/chat.contract.js';
import { queryRows } from '../../platform/database/returning.js';
import { type MemberSource } from './entities/chat-member.entity.js';
import { type StoredPollOption } from './entities/chat-message.entity.js';

type Runner = DataSource | EntityManager;

export interface RoomRow {
  id: string;
  eventId: string | null;
  name: string;
  eventImage: string | null;
  createdBy: string;
  status: RoomStatus;
  lastSeq: number;
  lastMessageAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A room as one of its members sees it: their own marks and role with it. */
export interface MyRoomRow extends RoomRow {
  role: MemberRole;
  readSeq: number;
}

/** The person behind a sender or member id, as the views name them. */
export interface PersonColumns {
  name: string | null;
  photoUrl: string | null;
  /** The account was deleted or erased. */
  gone: boolean;
}

export interface MemberRow extends PersonColumns {
  userId: string;
  role: MemberRole;
  joinedAt: Date;
  readSeq: number;
  deliveredSeq: number;
}

export interface MembershipRow {
  role: MemberRole;
  active: boolean;
  readSeq: number;
}

/** A message to store under its seq. */
export interface NewMessage {
  roomId: string;
  seq: number;
  senderId: string;
  clientId: string;
  type: MessageType;
  text: string | null;
  imageUrl: string | null;
  pollOptions: StoredPollOption[] | null;
}

export interface MessageRow extends NewMessage {
  id: string;
  createdAt: Date;
  archived: boolean;
  sender: PersonColumns;
}

export interface VoteRow {
  messageId: string;
  optionId: string;
  userId: string;
}

export interface MarksRow {
  readSeq: number;
  deliveredSeq: number;
}

export interface UnreadRow {
  roomId: string;
  count: number;
  lastSeq: number;
  lastMessageAt: Date | null;
}

export interface EventRow {
  id: string;
  title: string;
  image: string | null;
  hostId: string;
  cancelled: boolean;
}

/** Which way a page of history reads from a seq. */
export type PageWindow = { newest: true } | { before: number } | { after: number };

// Seqs are bigint; float8 reads them as numbers, exact far beyond any room's count.
const ROOM_COLUMNS = `r.id, r.event_id AS "eventId", r.name, r.event_image AS "eventImage", r.created_by AS "createdBy",
  r.status, r.last_seq::float8 AS "lastSeq", r.last_message_at AS "lastMessageAt", r.created_at AS "createdAt",
  r.updated_at AS "updatedAt"`;

const PERSON_COLUMNS = (alias: string, prefix: string) =>
  `${alias}.name AS "${prefix}Name", ${alias}.avatar_url AS "${prefix}PhotoUrl",
   (${alias}.id IS NULL OR ${alias}.deleted_at IS NOT NULL OR ${alias}.erased_at IS NOT NULL) AS "${prefix}Gone"`;

const MESSAGE_COLUMNS = 'id, room_id, seq, sender_id, client_id, type, text, image_url, poll_options, created_at';

/** Live and archived messages together: archived ones stay readable. */
const ALL_MESSAGES = `(
  SELECT ${MESSAGE_COLUMNS}, false AS archived FROM chat_message
  UNION ALL
  SELECT ${MESSAGE_COLUMNS}, true AS archived FROM chat_message_archive
)`;

/** Live messages only: where a client id is unique, and where a retry (seconds later) finds its message. */
const LIVE_MESSAGES = `(SELECT ${MESSAGE_COLUMNS}, false AS archived FROM chat_message)`;

const messageSelect = (source: string) => `SELECT m.id, m.room_id AS "roomId", m.seq::float8 AS seq, m.sender_id AS "senderId",
  m.client_id AS "clientId", m.type, m.text, m.image_url AS "imageUrl", m.poll_options AS "pollOptions", m.created_at AS "createdAt",
  m.archived, ${PERSON_COLUMNS('u', 'sender')}
  FROM ${source} m LEFT JOIN users u ON u.id = m.sender_id`;

const MESSAGE_SELECT = messageSelect(ALL_MESSAGES);

type RawMessage = Omit<MessageRow, 'sender'> & { senderName: string | null; senderPhotoUrl: string | null; senderGone: boolean };

const toMessageRow = ({ senderName, senderPhotoUrl, senderGone, ...message }: RawMessage): MessageRow => ({
  ...message,
  sender: { name: senderName, photoUrl: senderPhotoUrl, gone: senderGone },
});

const ACTIVE_ROOM = 'r.deleted_at IS NULL';

/** Every statement on chat_room, chat_member, chat_message (and its archive) and chat_poll_vote. */
@Injectable()
export class ChatRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  // ---- rooms

  /** The room, re-read inside a write's transaction (access is checked before with roomWithMembership). */
  async findRoom(roomId: string, tx: EntityManager): Promise<RoomRow | null> {
    const rows = await tx.query<RoomRow[]>(`SELECT ${ROOM_COLUMNS} FROM chat_room r WHERE r.id = $1 AND ${ACTIVE_ROOM}`, [roomId]);
    return rows[0] ?? null;
  }

  /** The room (not deleted) and the person's membership row in it, if any, in one read; null when there is no such room. */
  async roomWithMembership(roomId: string, userId: string): Promise<{ room: RoomRow; membership: MembershipRow | null } | null> {
    const rows = await this.dataSource.query<
      Array<RoomRow & { memberRole: MemberRole | null; memberActive: boolean; memberReadSeq: number }>
    >(
      `SELECT ${ROOM_COLUMNS}, cm.role AS "memberRole", (cm.left_at IS NULL) AS "memberActive", cm.read_seq::float8 AS "memberReadSeq"
       FROM chat_room r LEFT JOIN chat_member cm ON cm.room_id = r.id AND cm.user_id = $2
       WHERE r.id = $1 AND ${ACTIVE_ROOM}`,
      [roomId, userId],
    );
    const row = rows[0];
    if (!row) return null;
    const { memberRole, memberActive, memberReadSeq, ...room } = row;
    return { room, membership: memberRole === null ? null : { role: memberRole, active: memberActive, readSeq: memberReadSeq } };
  }

  async findEventRoom(eventId: string): Promise<RoomRow | null> {
    const rows = await this.dataSource.query<RoomRow[]>(
      `SELECT ${ROOM_COLUMNS} FROM chat_room r WHERE r.event_id = $1 AND ${ACTIVE_ROOM}`,
      [eventId],
    );
    return rows[0] ?? null;
  }

  /** Whether the event ever had a room that was then deleted (the workers do not bring it back). */
  async eventRoomWasDeleted(eventId: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>('SELECT 1 FROM chat_room WHERE event_id = $1 AND deleted_at IS NOT NULL LIMIT 1', [
      eventId,
    ]);
    return rows.length > 0;
  }

  /** The event a room is made for; null when it does not exist or was deleted. */
  async findEvent(eventId: string): Promise<EventRow | null> {
    const rows = await this.dataSource.query<EventRow[]>(
      `SELECT id, title, images[1] AS image, host_id AS "hostId", (status = 'cancelled') AS cancelled
       FROM event WHERE id = $1 AND deleted_at IS NULL`,
      [eventId],
    );
    return rows[0] ?? null;
  }

  /** Creates the event's room; null when another one was created first (the caller reads that one). */
  async insertRoom(
    tx: EntityManager,
    room: { eventId: string; name: string; eventImage: string | null; createdBy: string },
  ): Promise<string | null> {
    const rows = await tx.query<Array<{ id: string }>>(
      `INSERT INTO chat_room (event_id, name, event_image, created_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (event_id) WHERE deleted_at IS NULL DO NOTHING RETURNING id`,
      [room.eventId, room.name, room.eventImage, room.createdBy],
    );
    return rows[0]?.id ?? null;
  }

  async deleteRoom(tx: EntityManager, roomId: string): Promise<boolean> {
    const rows = await queryRows(
      tx,
      'UPDATE chat_room SET deleted_at = now(), updated_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING id',
      [roomId],
    );
    return rows.length > 0;
  }

  /** Closes the event's room; its id, or null when there was no open one. */
  async closeEventRoom(tx: EntityManager, eventId: string): Promise<string | null> {
    const rows = await queryRows<{ id: string }>(
      tx,
      `UPDATE chat_room SET status = 'closed', closed_at = now(), updated_at = now()
       WHERE event_id = $1 AND deleted_at IS NULL AND status = 'open' RETURNING id`,
      [eventId],
    );
    return rows[0]?.id ?? null;
  }

  /** The rooms the person is a member of now, newest activity first. */
  roomsOf(userId: string): Promise<MyRoomRow[]> {
    return this.dataSource.query<MyRoomRow[]>(
      `SELECT ${ROOM_COLUMNS}, cm.role, cm.read_seq::float8 AS "readSeq"
       FROM chat_member cm JOIN chat_room r ON r.id = cm.room_id
       WHERE cm.user_id = $1 AND cm.left_at IS NULL AND ${ACTIVE_ROOM}
       ORDER BY COALESCE(r.last_message_at, r.created_at) DESC, r.id`,
      [userId],
    );
  }

  async roomIdsOf(userId: string): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ roomId: string }>>(
      `SELECT cm.room_id AS "roomId" FROM chat_member cm JOIN chat_room r ON r.id = cm.room_id
       WHERE cm.user_id = $1 AND cm.left_at IS NULL AND ${ACTIVE_ROOM}`,
      [userId],
    );
    return rows.map(({ roomId }) => roomId);
  }

  /** Unread per room the person is still a member of: the room's last seq less their read mark. */
  unreadOf(userId: string, roomId?: string): Promise<UnreadRow[]> {
    return this.dataSource.query<UnreadRow[]>(
      `SELECT r.id AS "roomId", GREATEST(r.last_seq - cm.read_seq, 0)::float8 AS count, r.last_seq::float8 AS "lastSeq",
              r.last_message_at AS "lastMessageAt"
       FROM chat_member cm JOIN chat_room r ON r.id = cm.room_id
       WHERE cm.user_id = $1 AND cm.left_at IS NULL AND ${ACTIVE_ROOM} AND ($2::uuid IS NULL OR r.id = $2)
       ORDER BY COALESCE(r.last_message_at, r.created_at) DESC, r.id`,
      [userId, roomId ?? null],
    );
  }

  async messageCounts(roomId: string): Promise<{ live: number; archived: number }> {
    const rows = await this.dataSource.query<Array<{ live: number; archived: number }>>(
      `SELECT (SELECT count(*) FROM chat_message WHERE room_id = $1)::float8 AS live,
              (SELECT count(*) FROM chat_message_archive WHERE room_id = $1)::float8 AS archived`,
      [roomId],
    );
    return rows[0]!;
  }

  // ---- members

  async membership(roomId: string, userId: string, runner: Runner = this.dataSource): Promise<MembershipRow | null> {
    const rows = await runner.query<MembershipRow[]>(
      'SELECT role, (left_at IS NULL) AS active, read_seq::float8 AS "readSeq" FROM chat_member WHERE room_id = $1 AND user_id = $2',
      [roomId, userId],
    );
    return rows[0] ?? null;
  }

  /** The lowest read and delivered marks among the room's members other than `userId`; null when nobody else is in it. */
  async othersLowestMarks(roomId: string, userId: string): Promise<MarksRow | null> {
    const rows = await this.dataSource.query<Array<MarksRow & { others: number }>>(
      `SELECT count(*)::int AS others, min(read_seq)::float8 AS "readSeq", min(delivered_seq)::float8 AS "deliveredSeq"
       FROM chat_member WHERE room_id = $1 AND user_id <> $2 AND left_at IS NULL`,
      [roomId, userId],
    );
    const row = rows[0];
    return row && row.others > 0 ? { readSeq: row.readSeq, deliveredSeq: row.deliveredSeq } : null;
  }

  /** Locks the member's row: one person's votes and marks in a room apply one at a time. */
  async lockMember(tx: EntityManager, roomId: string, userId: string): Promise<MarksRow | null> {
    const rows = await tx.query<MarksRow[]>(
      `SELECT read_seq::float8 AS "readSeq", delivered_seq::float8 AS "deliveredSeq" FROM chat_member
       WHERE room_id = $1 AND user_id = $2 AND left_at IS NULL FOR UPDATE`,
      [roomId, userId],
    );
    return rows[0] ?? null;
  }

  /** The members now, the host first, then in the order they joined. */
  async members(roomId: string): Promise<MemberRow[]> {
    const rows = await this.dataSource.query<
      Array<Omit<MemberRow, keyof PersonColumns> & Record<'memberName' | 'memberPhotoUrl', string | null> & { memberGone: boolean }>
    >(
      `SELECT cm.user_id AS "userId", cm.role, cm.joined_at AS "joinedAt", cm.read_seq::float8 AS "readSeq",
              cm.delivered_seq::float8 AS "deliveredSeq", ${PERSON_COLUMNS('u', 'member')}
       FROM chat_member cm LEFT JOIN users u ON u.id = cm.user_id
       WHERE cm.room_id = $1 AND cm.left_at IS NULL
       ORDER BY (cm.role = 'host') DESC, cm.joined_at, cm.user_id`,
      [roomId],
    );
    return rows.map(({ memberName, memberPhotoUrl, memberGone, ...member }) => ({
      ...member,
      name: memberName,
      photoUrl: memberPhotoUrl,
      gone: memberGone,
    }));
  }

  async memberIdsByRoom(roomIds: readonly string[]): Promise<Map<string, string[]>> {
    const rows = await this.dataSource.query<Array<{ roomId: string; userId: string }>>(
      `SELECT room_id AS "roomId", user_id AS "userId" FROM chat_member
       WHERE room_id = ANY($1::uuid[]) AND left_at IS NULL ORDER BY (role = 'host') DESC, joined_at, user_id`,
      [roomIds],
    );
    const byRoom = new Map<string, string[]>(roomIds.map((id) => [id, []]));
    for (const { roomId, userId } of rows) byRoom.get(roomId)?.push(userId);
    return byRoom;
  }

  /** Those of `userIds` whose accounts exist and are not deleted or erased. */
  async existingUserIds(userIds: readonly string[]): Promise<Set<string>> {
    const rows = await this.dataSource.query<Array<{ id: string }>>(
      'SELECT id FROM users WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL AND erased_at IS NULL',
      [userIds],
    );
    return new Set(rows.map(({ id }) => id));
  }

  /**
   * Makes the people members, their marks at the room's last seq (no unread backlog). `rejoin`
   * also brings back those who had left or been removed (a host adding them again); otherwise only
   * `rejoinable` leavers (left_at set, removed_by null: the system removed them) come back. Answers
   * the ids that became members.
   */
  async addMembers(
    tx: EntityManager,
    roomId: string,
    userIds: readonly string[],
    member: { role: MemberRole; source: MemberSource; rejoin: boolean },
  ): Promise<string[]> {
    if (userIds.length === 0) return [];
    const comeBack = member.rejoin
      ? 'chat_member.left_at IS NOT NULL'
      : 'chat_member.left_at IS NOT NULL AND chat_member.removed_by IS NULL';
    const rows = await tx.query<Array<{ userId: string }>>(
      `INSERT INTO chat_member (room_id, user_id, role, source, read_seq, delivered_seq, pushed_seq)
       SELECT r.id, person, $3, $4, r.last_seq, r.last_seq, r.last_seq FROM chat_room r, unnest($2::uuid[]) AS person WHERE r.id = $1
       ON CONFLICT (room_id, user_id) DO UPDATE SET
         left_at = NULL, removed_by = NULL, joined_at = now(), source = EXCLUDED.source,
         read_seq = GREATEST(chat_member.read_seq, EXCLUDED.read_seq),
         delivered_seq = GREATEST(chat_member.delivered_seq, EXCLUDED.delivered_seq),
         pushed_seq = GREATEST(chat_member.pushed_seq, EXCLUDED.pushed_seq)
       WHERE ${comeBack}
       RETURNING user_id AS "userId"`,
      [roomId, userIds, member.role, member.source],
    );
    return rows.map(({ userId }) => userId);
  }

  /**
   * Ends memberships. `removedBy`: the host or admin who removed them, the person themselves when
   * they left, null when the system did (they may be added back by it). `onlySource` limits it to
   * members who came one way. Answers the ids that left.
   */
  async endMemberships(
    tx: EntityManager,
    roomId: string,
    userIds: readonly string[],
    removal: { removedBy: string | null; onlySource?: MemberSource },
  ): Promise<string[]> {
    const rows = await queryRows<{ userId: string }>(
      tx,
      `UPDATE chat_member SET left_at = now(), removed_by = $3
       WHERE room_id = $1 AND user_id = ANY($2::uuid[]) AND left_at IS NULL AND ($4::text IS NULL OR source = $4)
       RETURNING user_id AS "userId"`,
      [roomId, userIds, removal.removedBy, removal.onlySource ?? null],
    );
    return rows.map(({ userId }) => userId);
  }

  /** The person leaves every room (account deletion); the ids of those rooms. */
  async leaveAll(tx: EntityManager, userId: string): Promise<string[]> {
    const rows = await queryRows<{ roomId: string }>(
      tx,
      'UPDATE chat_member SET left_at = now(), removed_by = $1 WHERE user_id = $1 AND left_at IS NULL RETURNING room_id AS "roomId"',
      [userId],
    );
    return rows.map(({ roomId }) => roomId);
  }

  /**
   * Moves the member's marks forward to `seq` (never back, never past the room's last seq). `read`
   * moves both marks: what was read was received.
   */
  async moveMarks(tx: EntityManager, roomId: string, userId: string, seq: number, read: boolean): Promise<MarksRow | null> {
    const rows = await queryRows<MarksRow>(
      tx,
      `UPDATE chat_member cm SET
         read_seq = CASE WHEN $4 THEN GREATEST(cm.read_seq, LEAST($3, r.last_seq)) ELSE cm.read_seq END,
         delivered_seq = GREATEST(cm.delivered_seq, LEAST($3, r.last_seq))
       FROM chat_room r
       WHERE r.id = cm.room_id AND cm.room_id = $1 AND cm.user_id = $2 AND cm.left_at IS NULL
       RETURNING cm.read_seq::float8 AS "readSeq", cm.delivered_seq::float8 AS "deliveredSeq"`,
      [roomId, userId, seq, read],
    );
    return rows[0] ?? null;
  }

  // ---- messages

  /** Numbers the next message: the room row stays locked until the transaction ends. Null for a closed or deleted room. */
  async nextSeq(tx: EntityManager, roomId: string): Promise<number | null> {
    const rows = await queryRows<{ seq: number }>(
      tx,
      `UPDATE chat_room SET last_seq = last_seq + 1, last_message_at = now(), updated_at = now()
       WHERE id = $1 AND deleted_at IS NULL AND status = 'open' RETURNING last_seq::float8 AS seq`,
      [roomId],
    );
    return rows[0]?.seq ?? null;
  }

  /** Stores the message; null when the sender already stored one with this client id (a retry). */
  async insertMessage(tx: EntityManager, message: NewMessage): Promise<string | null> {
    const rows = await tx.query<Array<{ id: string }>>(
      `INSERT INTO chat_message (room_id, seq, sender_id, client_id, type, text, image_url, poll_options)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)
       ON CONFLICT ON CONSTRAINT chat_message_client_key DO NOTHING RETURNING id`,
      [
        message.roomId,
        message.seq,
        message.senderId,
        message.clientId,
        message.type,
        message.text,
        message.imageUrl,
        message.pollOptions === null ? null : JSON.stringify(message.pollOptions),
      ],
    );
    return rows[0]?.id ?? null;
  }

  async findMessage(roomId: string, messageId: string): Promise<MessageRow | null> {
    const rows = await this.dataSource.query<RawMessage[]>(`${MESSAGE_SELECT} WHERE m.room_id = $1 AND m.id = $2`, [roomId, messageId]);
    return rows[0] ? toMessageRow(rows[0]) : null;
  }

  async findByClientId(roomId: string, senderId: string, clientId: string): Promise<MessageRow | null> {
    const rows = await this.dataSource.query<RawMessage[]>(
      `${messageSelect(LIVE_MESSAGES)} WHERE m.room_id = $1 AND m.sender_id = $2 AND m.client_id = $3`,
      [roomId, senderId, clientId],
    );
    return rows[0] ? toMessageRow(rows[0]) : null;
  }

  async messageAt(roomId: string, seq: number): Promise<MessageRow | null> {
    const rows = await this.dataSource.query<RawMessage[]>(`${MESSAGE_SELECT} WHERE m.room_id = $1 AND m.seq = $2`, [roomId, seq]);
    return rows[0] ? toMessageRow(rows[0]) : null;
  }

  /** Each room's newest message (its last seq), by room id. */
  async lastMessages(roomIds: readonly string[]): Promise<Map<string, MessageRow>> {
    const rows = await this.dataSource.query<RawMessage[]>(
      `${MESSAGE_SELECT} JOIN chat_room r ON r.id = m.room_id AND r.last_seq = m.seq WHERE r.id = ANY($1::uuid[])`,
      [roomIds],
    );
    return new Map(rows.map((row) => [row.roomId, toMessageRow(row)]));
  }

  /** Up to `limit` messages of the window, oldest first. */
  async messages(roomId: string, window: PageWindow, limit: number): Promise<MessageRow[]> {
    const [condition, order, from] =
      'after' in window
        ? ['m.seq > $2', 'ASC', window.after]
        : 'before' in window
          ? ['m.seq < $2', 'DESC', window.before]
          : ['$2::bigint IS NULL', 'DESC', null];
    const rows = await this.dataSource.query<RawMessage[]>(
      `${MESSAGE_SELECT} WHERE m.room_id = $1 AND ${condition} ORDER BY m.seq ${order} LIMIT $3`,
      [roomId, from, limit],
    );
    const messages = rows.map(toMessageRow);
    return order === 'DESC' ? messages.reverse() : messages;
  }

  async hasMessagesBefore(roomId: string, seq: number): Promise<boolean> {
    const rows = await this.dataSource.query<Array<{ found: boolean }>>(
      `SELECT EXISTS (SELECT 1 FROM chat_message WHERE room_id = $1 AND seq < $2)
           OR EXISTS (SELECT 1 FROM chat_message_archive WHERE room_id = $1 AND seq < $2) AS found`,
      [roomId, seq],
    );
    return rows[0]!.found;
  }

  // ---- poll votes

  votesFor(messageIds: readonly string[]): Promise<VoteRow[]> {
    if (messageIds.length === 0) return Promise.resolve([]);
    return this.dataSource.query<VoteRow[]>(
      `SELECT message_id AS "messageId", option_id AS "optionId", user_id AS "userId" FROM chat_poll_vote
       WHERE message_id = ANY($1::uuid[]) ORDER BY voted_at, user_id`,
      [messageIds],
    );
  }

  /** The voter's choices become exactly `optionIds` (the caller holds the voter's member row lock). */
  async replaceVotes(tx: EntityManager, messageId: string, userId: string, optionIds: readonly string[]): Promise<void> {
    await tx.query('DELETE FROM chat_poll_vote WHERE message_id = $1 AND user_id = $2 AND NOT (option_id = ANY($3::text[]))', [
      messageId,
      userId,
      optionIds,
    ]);
    await tx.query(
      `INSERT INTO chat_poll_vote (message_id, option_id, user_id) SELECT $1, option, $2 FROM unnest($3::text[]) AS option
       ON CONFLICT DO NOTHING`,
      [messageId, userId, optionIds],
    );
  }

  // ---- uploads

  /** Those of `mediaIds` that a chat message (live or archived) shows. */
  async mediaReferencedAmong(mediaIds: readonly string[], idPattern: string): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ id: string }>>(
      `SELECT DISTINCT ref[1] AS id FROM ${ALL_MESSAGES} m, regexp_matches(m.image_url, $2) AS ref
       WHERE m.image_url IS NOT NULL AND ref[1] = ANY($1::text[])`,
      [mediaIds, `(${idPattern})`],
    );
    return rows.map(({ id }) => id);
  }
}
