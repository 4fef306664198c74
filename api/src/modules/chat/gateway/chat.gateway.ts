import { setTimeout as delay } from 'node:timers/promises';
import { Logger, type BeforeApplicationShutdown, type OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import { type Namespace, type Socket } from 'socket.io';
import { z, type ZodType } from 'zod';
import {
  type Ack,
  CHAT_NAMESPACE,
  CHAT_SOCKET_PATH,
  ChatLimits,
  ChatMessages,
  type ClientToServerEvents,
  type MessagePageView,
  type MessageView,
  type PresenceView,
  type ReceiptView,
  type ServerToClientEvents,
  type TypingView,
} from '../../../contracts/chat.contract.js';
import { joinRoomSchema, markSchema, pollVoteSchema, sendMessageSchema } from '../../../contracts/chat.schemas.js';
import { dependencyFailure, poolWaitTimedOut } from '../../../platform/dependencies/dependency-failure.js';
import { type AuthContext, type AuthUser } from '../../../platform/http/auth-context.js';
import { DomainError, UnauthorizedError } from '../../../platform/http/domain-error.js';
import { toErrorResponse } from '../../../platform/http/error-response.js';
import { ZodPipe } from '../../../platform/http/zod.js';
import { mapConcurrently } from '../../../platform/map-concurrently.js';
import { SessionsService } from '../../auth/sessions.service.js';
import { UserAccounts } from '../../users/user-accounts.service.js';
import { PollNotFoundError } from '../chat.errors.js';
import { ChatService } from '../chat.service.js';
import { ChatPresence } from './chat-presence.service.js';
import { SocketRooms } from './chat-redis.js';
import { handshakeToken } from './chat-socket-auth.js';
import { ChatTyping } from './chat-typing.service.js';

interface ChatSocketData {
  auth: AuthContext;
  token: string;
  /** When the session was last found live. */
  checkedAt: number;
  /** For typing indicators. */
  userName: string;
  /** The person's rooms, read when they connected and again once their feeds were joined. */
  roomIds: string[];
  /** Rooms this connection announced typing in (stopped when it closes). */
  typingIn: Set<string>;
  /** The connection's sends, one after the other: a person's messages keep the order they sent them in. */
  sending: Promise<unknown>;
}

type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, ChatSocketData>;
type ChatNamespace = Namespace<ClientToServerEvents, ServerToClientEvents, Record<string, never>, ChatSocketData>;
type Refusal = { ok: false; error: string; code?: string };

/** How often each instance refreshes its connections' presence, sweeps lapsed ones and re-checks idle sessions. */
const TICK_MS = ChatLimits.presenceTtlMs / 3;
/** A session is looked up again at least this often, even on a connection that does nothing. */
const SESSION_RECHECK_MS = 60_000;
/** How long a closing application waits for the presence writes of connections that just went. */
const SHUTDOWN_RECORDING_MS = 2_000;
/** How long an action may wait in line for a database connection before it is refused (the web client gives up after 10 s). */
const STORM_QUEUE_MS = 8_000;
const POOL_RETRY_MIN_MS = 50;

const roomRefSchema = joinRoomSchema.pick({ roomId: true });
const olderSchema = z.object({ before: z.number({ message: 'before must be a message seq' }).int().min(1) });
const typingSchema = z.object({ isTyping: z.boolean({ message: 'isTyping must be true or false' }) });
const messageIdSchema = z.object({ messageId: z.uuid() });

/** Validates a socket event's payload as the REST pipes validate a body: the first problem, by field. */
/**
 * Runs `work`, and runs it again while it fails only because the pool's wait for a free connection
 * ran out, up to STORM_QUEUE_MS. A reconnect storm (every client of a restarted instance at once)
 * can outlast that wait; nothing had reached PostgreSQL, so going back in line repeats nothing.
 */
/** Reads of a new connection's rooms at most, while they keep changing under it. */
const MEMBERSHIP_PASSES = 3;

async function waitingForConnection<T>(work: () => Promise<T>): Promise<T> {
  const startedAt = Date.now();
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!poolWaitTimedOut(error) || Date.now() - startedAt >= STORM_QUEUE_MS) throw error;
      await delay(POOL_RETRY_MIN_MS + Math.random() * POOL_RETRY_MIN_MS);
    }
  }
}

const parse = <T extends ZodType>(schema: T, input: unknown): z.output<T> => new ZodPipe(schema, 'body').transform(input);

/** What a failed send says when the failure is not the sender's to fix. */
function sendFailure(input: unknown): string {
  const type = typeof input === 'object' && input !== null && 'type' in input ? input.type : undefined;
  return type === 'poll' ? ChatMessages.pollSendFailed : type === 'image' ? ChatMessages.imageSendFailed : ChatMessages.sendFailed;
}

/**
 * The chat's socket.io gateway (namespace CHAT_NAMESPACE; the protocol is in the chat contract).
 * Connections sign in with the same bearer token as HTTP. A session that ends (logout, password
 * change, account deletion) closes its connections at once through SessionConnections, and the
 * session is looked up again on every action (and at least every minute) besides. Every action asks
 * ChatService, which checks membership each time: a removed member is refused on their next one.
 * Changes reach the sockets through ChatBroadcast (the Redis emitter), from this instance or any other.
 */
@WebSocketGateway({ namespace: CHAT_NAMESPACE, path: CHAT_SOCKET_PATH })
export class ChatGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger(ChatGateway.name);
  private namespace: ChatNamespace | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private ticking = false;
  /** Set as the application closes: its connections drop all at once, and lapse instead of being announced one by one. */
  private closing = false;
  /** Presence and typing writes of connections that came or went, still running. */
  private readonly recording = new Set<Promise<unknown>>();

  constructor(
    private readonly chat: ChatService,
    private readonly sessions: SessionsService,
    private readonly users: UserAccounts,
    private readonly presence: ChatPresence,
    private readonly typing: ChatTyping,
  ) {}

  afterInit(namespace: ChatNamespace): void {
    this.namespace = namespace;
    namespace.use((socket, next) => {
      this.admit(socket).then(
        () => next(),
        (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
      );
    });
    this.ticker = setInterval(() => void this.tick(), TICK_MS);
    this.ticker.unref();
  }

  onModuleDestroy(): void {
    this.closing = true;
    clearInterval(this.ticker);
  }

  /** Lets the writes of connections that went just before the close finish while PostgreSQL and Redis are still there. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.race([Promise.allSettled([...this.recording]), delay(SHUTDOWN_RECORDING_MS, undefined, { ref: false })]);
  }

  private record(work: Promise<unknown>): void {
    this.recording.add(work);
    void work.finally(() => this.recording.delete(work));
  }

  /** Before the connection is accepted: who it is, and the rooms whose feeds it joins. */
  private async admit(socket: ChatSocket): Promise<void> {
    const token = handshakeToken(socket.handshake);
    let auth: AuthContext | null;
    try {
      auth = token ? await waitingForConnection(() => this.sessions.resolve(token)) : null;
    } catch (error) {
      throw this.unavailable(error, 'connect');
    }
    if (!token || !auth) throw new Error(ChatMessages.notAuthenticated);
    try {
      const userId = auth.user.id;
      const [roomIds, userName] = await waitingForConnection(() => Promise.all([this.chat.roomIdsOf(userId), this.nameOf(userId)]));
      socket.data = { auth, token, checkedAt: Date.now(), userName, roomIds, typingIn: new Set(), sending: Promise.resolve() };
    } catch (error) {
      throw this.unavailable(error, 'connect');
    }
  }

  private async nameOf(userId: string): Promise<string> {
    const view = await this.users.selfView(userId);
    return view.name || ChatMessages.unknownUser;
  }

  /** Joined synchronously, before the client can send anything or miss a broadcast. */
  handleConnection(socket: ChatSocket): void {
    const { auth, roomIds } = socket.data;
    void socket.join([SocketRooms.user(auth.user.id), SocketRooms.session(auth.sessionId), ...roomIds.map(SocketRooms.feed)]);
    this.record(
      this.followMembershipChanges(socket).catch((error: unknown) =>
        this.logger.warn({ err: error, userId: auth.user.id }, 'chat: rooms not read again after connect'),
      ),
    );
    this.record(
      this.presence
        .touch(auth.user.id, socket.id)
        .then((cameOnline) => (cameOnline ? this.announcePresence(auth.user.id, socket.data.roomIds) : undefined))
        .catch((error: unknown) => this.logger.warn({ err: error, userId: auth.user.id }, 'chat presence: connect not recorded')),
    );
  }

  /**
   * The rooms read again once the feeds are joined: a removal (or an addition) committed between
   * admit's read and the join found no socket of this connection to move, so without this a removed
   * member's connection would go on hearing the room's activity, its last message's words included.
   * A pass that changed something reads again, since a change committed during it may have missed
   * the feeds it was joining; a change after a read finds the socket where that read put it.
   */
  private async followMembershipChanges(socket: ChatSocket): Promise<void> {
    const userId = socket.data.auth.user.id;
    for (let pass = 0; pass < MEMBERSHIP_PASSES; pass += 1) {
      const now = await waitingForConnection(() => this.chat.roomIdsOf(userId));
      // A closed socket joins nothing: the adapter would keep its id for good.
      if (socket.disconnected) return;
      const before = socket.data.roomIds;
      const gone = before.filter((roomId) => !now.includes(roomId));
      const added = now.filter((roomId) => !before.includes(roomId));
      socket.data.roomIds = now;
      if (gone.length === 0 && added.length === 0) return;
      for (const roomId of gone) await socket.leave(SocketRooms.feed(roomId));
      if (added.length > 0) await socket.join(added.map(SocketRooms.feed));
    }
  }

  handleDisconnect(socket: ChatSocket): void {
    if (!socket.data?.auth || this.closing) return;
    const { auth, typingIn, userName } = socket.data;
    const userId = auth.user.id;
    for (const roomId of typingIn) {
      this.record(
        this.typing
          .announce(roomId, userId, userName, false)
          .catch((error: unknown) => this.logger.warn({ err: error, roomId }, 'chat typing: stop not recorded')),
      );
    }
    this.record(
      this.presence
        .drop(userId, socket.id)
        .then((wentOffline) => (wentOffline ? this.announcePresence(userId) : undefined))
        .catch((error: unknown) => this.logger.warn({ err: error, userId }, 'chat presence: disconnect not recorded')),
    );
  }

  @SubscribeMessage('room:join')
  join(
    @ConnectedSocket() socket: ChatSocket,
    @MessageBody() input: unknown,
  ): Promise<Ack<{ page: MessagePageView; presence: PresenceView[]; typing: TypingView }>> {
    return this.answer(socket, 'room:join', null, async (user) => {
      const { roomId, lastSeq } = parse(joinRoomSchema, input);
      const channel = SocketRooms.room(roomId);
      // Only a member hears the room. Joined before the page is read: a message stored meanwhile
      // arrives live (the client drops it by seq if the page has it too). The page checks membership
      // again, after the join: a removal between the two checks found no socket to leave, and is
      // refused there (both checks are needed, neither is a repeat).
      await this.chat.requireMember(user.id, roomId);
      await socket.join(channel);
      try {
        const page = await this.chat.page(user, roomId, lastSeq === undefined ? { limit: ChatLimits.initialWindow } : { after: lastSeq });
        const [presence, typing] = await Promise.all([
          this.presence.of(page.receipts.map((receipt) => receipt.userId)),
          this.typing.current(roomId),
        ]);
        return { page, presence, typing };
      } catch (error) {
        await socket.leave(channel);
        throw error;
      }
    });
  }

  @SubscribeMessage('room:leave')
  leave(@ConnectedSocket() socket: ChatSocket, @MessageBody() input: unknown): Promise<Ack> {
    return this.answer(socket, 'room:leave', null, async (user) => {
      const { roomId } = parse(roomRefSchema, input);
      await socket.leave(SocketRooms.room(roomId));
      await this.stopTyping(socket, user, roomId);
      return {};
    });
  }

  @SubscribeMessage('message:send')
  send(@ConnectedSocket() socket: ChatSocket, @MessageBody() input: unknown): Promise<Ack<{ message: MessageView }>> {
    return this.inOrder(socket, () =>
      this.answer(socket, 'message:send', sendFailure(input), async (user) => {
        const { roomId } = parse(roomRefSchema, input);
        const { message } = await this.chat.send(user, roomId, parse(sendMessageSchema, input));
        await this.stopTyping(socket, user, roomId);
        return { message };
      }),
    );
  }

  @SubscribeMessage('messages:older')
  older(@ConnectedSocket() socket: ChatSocket, @MessageBody() input: unknown): Promise<Ack<{ page: MessagePageView }>> {
    return this.answer(socket, 'messages:older', null, async (user) => {
      const { roomId } = parse(roomRefSchema, input);
      const { before } = parse(olderSchema, input);
      return { page: await this.chat.page(user, roomId, { before, limit: ChatLimits.olderPage }) };
    });
  }

  @SubscribeMessage('poll:vote')
  vote(@ConnectedSocket() socket: ChatSocket, @MessageBody() input: unknown): Promise<Ack<{ message: MessageView }>> {
    return this.inOrder(socket, () =>
      this.answer(socket, 'poll:vote', ChatMessages.voteFailed, async (user) => {
        const { roomId } = parse(roomRefSchema, input);
        const messageId = messageIdSchema.safeParse(input);
        if (!messageId.success) throw new PollNotFoundError();
        return { message: await this.chat.vote(user, roomId, messageId.data.messageId, parse(pollVoteSchema, input)) };
      }),
    );
  }

  @SubscribeMessage('messages:delivered')
  delivered(@ConnectedSocket() socket: ChatSocket, @MessageBody() input: unknown): Promise<Ack<{ receipt: ReceiptView }>> {
    return this.answer(socket, 'messages:delivered', null, async (user) => {
      const { roomId } = parse(roomRefSchema, input);
      return { receipt: await this.chat.markDelivered(user, roomId, parse(markSchema, input).seq) };
    });
  }

  @SubscribeMessage('messages:read')
  read(@ConnectedSocket() socket: ChatSocket, @MessageBody() input: unknown): Promise<Ack<{ receipt: ReceiptView }>> {
    return this.answer(socket, 'messages:read', null, async (user) => {
      const { roomId } = parse(roomRefSchema, input);
      return { receipt: await this.chat.markRead(user, roomId, parse(markSchema, input).seq) };
    });
  }

  @SubscribeMessage('typing')
  onTyping(@ConnectedSocket() socket: ChatSocket, @MessageBody() input: unknown): Promise<Ack> {
    return this.answer(socket, 'typing', null, async (user) => {
      const { roomId } = parse(roomRefSchema, input);
      const { isTyping } = parse(typingSchema, input);
      if (!isTyping) {
        await this.stopTyping(socket, user, roomId);
        return {};
      }
      await this.chat.requireMember(user.id, roomId);
      socket.data.typingIn.add(roomId);
      await this.typing.announce(roomId, user.id, socket.data.userName, true);
      return {};
    });
  }

  @SubscribeMessage('heartbeat')
  heartbeat(@ConnectedSocket() socket: ChatSocket): Promise<Ack> {
    return this.answer(socket, 'heartbeat', null, async (user) => {
      if (await this.presence.touch(user.id, socket.id)) await this.announcePresence(user.id);
      return {};
    });
  }

  /** Runs one action for the signed-in person and answers it `{ ok: true, … }` or `{ ok: false, error, code }`. */
  private async answer<T extends object>(
    socket: ChatSocket,
    event: string,
    failure: string | null,
    work: (user: AuthUser) => Promise<T>,
  ): Promise<Ack<T>> {
    try {
      return await waitingForConnection(async () => {
        const user = await this.stillSignedIn(socket);
        return { ok: true as const, ...(await work(user)) };
      });
    } catch (error) {
      return this.refusal(error, event, failure);
    }
  }

  /** The person's session, looked up again: a logout (or a deleted account) ends the connection. */
  private async stillSignedIn(socket: ChatSocket): Promise<AuthUser> {
    const auth = await this.sessions.resolve(socket.data.token);
    if (!auth || auth.user.id !== socket.data.auth.user.id) {
      // After this answer has gone out.
      setImmediate(() => socket.disconnect(true));
      throw new UnauthorizedError(ChatMessages.notAuthenticated);
    }
    socket.data.auth = auth;
    socket.data.checkedAt = Date.now();
    return auth.user;
  }

  private async stopTyping(socket: ChatSocket, user: AuthUser, roomId: string): Promise<void> {
    if (!socket.data.typingIn.delete(roomId)) return;
    await this.typing.announce(roomId, user.id, socket.data.userName, false);
  }

  /** The person's domain errors as they are; anything else is logged and answered with the action's own failure text. */
  private refusal(error: unknown, event: string, failure: string | null): Refusal {
    if (error instanceof DomainError) return { ok: false, error: error.message, code: error.code };
    const { body } = toErrorResponse(error);
    if (dependencyFailure(error)) this.logger.warn({ err: error, event }, `chat socket ${event}: a dependency is unavailable`);
    else this.logger.error({ err: error, event }, `chat socket ${event} failed`);
    return { ok: false, error: failure ?? body.error, code: body.code };
  }

  /** The refusal a connection gets when the database or Redis cannot answer who it is. */
  private unavailable(error: unknown, event: string): Error {
    this.refusal(error, event, null);
    return new Error(toErrorResponse(error).body.error);
  }

  /** The person's presence now, to the feeds of their rooms (as they are now unless given). */
  private async announcePresence(userId: string, roomIds?: string[]): Promise<void> {
    const [presence, rooms] = await Promise.all([this.presence.of([userId]), roomIds ?? this.chat.roomIdsOf(userId)]);
    this.presence.announce(presence[0]!, rooms);
  }

  private inOrder<T>(socket: ChatSocket, task: () => Promise<T>): Promise<T> {
    const run = socket.data.sending.then(task, task);
    socket.data.sending = run.catch(() => undefined);
    return run;
  }

  /** Presence of this instance's connections refreshed, lapsed people announced offline, idle sessions looked up again. */
  private async tick(): Promise<void> {
    if (this.ticking || !this.namespace) return;
    this.ticking = true;
    try {
      const sockets = [...this.namespace.sockets.values()];
      const cameBack = await this.presence.touchAll(
        sockets.map((socket) => ({ userId: socket.data.auth.user.id, connectionId: socket.id })),
      );
      const lapsed = await this.presence.sweepLapsed();
      await mapConcurrently([...new Set(cameBack), ...lapsed], 4, (userId) =>
        this.announcePresence(userId).catch((error: unknown) => this.logger.warn({ err: error, userId }, 'chat presence: not announced')),
      );
      const now = Date.now();
      const due = sockets.filter((socket) => socket.connected && now - socket.data.checkedAt >= SESSION_RECHECK_MS - TICK_MS);
      await mapConcurrently(due, 8, (socket) =>
        this.stillSignedIn(socket).then(
          () => undefined,
          () => undefined,
        ),
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'chat presence: refresh failed');
    } finally {
      this.ticking = false;
    }
  }
}
