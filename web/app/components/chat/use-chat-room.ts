import { useRevalidator } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadWithProgress } from '~/components/events/media-uploader';
import {
  mergeMessages,
  missedBefore,
  newestSeq,
  receiptsFrom,
  replaceMessage,
  withReceipt,
  withSendersOf,
  type MessageWindow,
  type Receipts,
} from '~/lib/chat';
import {
  ChatErrorCodes,
  ChatMessages,
  type ClientToServerEvents,
  type MessagePageView,
  type MessageType,
  type MessageView,
  type PresenceView,
  type SendMessageInput,
  type TypingView,
  ChatLimits,
} from '../../../../api/src/contracts/chat.contract.js';
import { listen, useChatLive, type ChatSocket } from './chat-live';

/** How long an answer to a send, a vote or a page of older messages is waited for while connected. */
const ACK_TIMEOUT_MS = 10_000;
/** A join refused or unanswered on a live connection is asked again after this long, twice as long each time, up to half a minute. */
const FIRST_REJOIN_MS = 2_000;
const LAST_REJOIN_MS = 30_000;

/** A message of this page not yet stored: shown at once, sent (again, with the same client id) until the API has it. */
export interface PendingMessage {
  clientId: string;
  type: MessageType;
  /** What is sent; null while its image is still uploading. */
  input: SendMessageInput | null;
  state: 'uploading' | 'sending' | 'failed';
  /** Upload progress, 0 to 1 (images). */
  progress: number;
  /** The picked picture, shown while it uploads (an object URL), and kept to upload again. */
  preview: string | null;
  file: File | null;
  error: string | null;
  createdAt: string;
}

type AskedEvent = 'room:join' | 'message:send' | 'poll:vote' | 'messages:older';
type AnswerTo<E extends AskedEvent> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

/** Sends a client event and waits for its answer (the ack); rejects when none comes within ACK_TIMEOUT_MS. */
function ask<E extends AskedEvent>(socket: ChatSocket, event: E, input: Parameters<ClientToServerEvents[E]>[0]): Promise<AnswerTo<E>> {
  // socket.io's own typing of emitWithAck with a timeout loses the answer's type: it is the contract's.
  const timed = socket.timeout(ACK_TIMEOUT_MS) as unknown as { emitWithAck: (event: E, input: unknown) => Promise<AnswerTo<E>> };
  return timed.emitWithAck(event, input);
}

export type Draft = { type: 'text'; text: string } | { type: 'poll'; text: string; options: string[] };

const FAILURES: Record<MessageType, string> = {
  text: ChatMessages.sendFailed,
  poll: ChatMessages.pollSendFailed,
  image: ChatMessages.imageSendFailed,
};

/** A client id for one send (crypto.randomUUID, or random bytes where the page is not a secure context). */
function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A send shown at once: sending its input, or (a picked photo, no input yet) uploading first. */
function newPending(
  clientId: string,
  type: MessageType,
  input: SendMessageInput | null,
  picked: { preview: string; file: File } | null = null,
): PendingMessage {
  return {
    clientId,
    type,
    input,
    state: input ? 'sending' : 'uploading',
    progress: 0,
    preview: picked?.preview ?? null,
    file: picked?.file ?? null,
    error: null,
    createdAt: new Date().toISOString(),
  };
}

export interface ChatRoomState {
  window: MessageWindow;
  receipts: Receipts;
  presence: Record<string, PresenceView>;
  typing: TypingView | null;
  pending: PendingMessage[];
  /** Set once the person was removed (or the room deleted): the spec's message. */
  removed: string | null;
  loadingOlder: boolean;
  connected: boolean;
  send: (draft: Draft) => void;
  sendImage: (file: File) => void;
  retry: (clientId: string) => void;
  discard: (clientId: string) => void;
  vote: (message: MessageView, optionIds: string[]) => Promise<boolean>;
  loadOlder: () => void;
  jumpToLatest: () => void;
  /** The newest seq the person has seen on screen: marked read while the tab is visible. */
  seen: (seq: number) => void;
  typingChanged: (text: string) => void;
}

/**
 * One room's live state on its page, over the tab's chat connection: the message window (SSR'd,
 * then joined and kept live), receipts, presence and typing; sends with a client id each, shown at
 * once as pending and sent again after a reconnect with the same id (the API stores one message per
 * id); delivered marks as messages arrive, read marks as they are seen while the tab is visible;
 * every (re)connect joins again with the newest seq held, so what was missed arrives (resync).
 * Mount it with `key={roomId}`.
 */
export function useChatRoom({
  roomId,
  me,
  page,
  removedAtLoad,
}: {
  roomId: string;
  me: string;
  page: MessagePageView;
  removedAtLoad: string | null;
}): ChatRoomState {
  const { socket, connected } = useChatLive();
  const { revalidate } = useRevalidator();
  const [window, setWindow] = useState<MessageWindow>({ messages: page.messages, hasMore: page.hasMore, hasNewer: false });
  const [receipts, setReceipts] = useState<Receipts>(() => receiptsFrom(page.receipts));
  const [presence, setPresence] = useState<Record<string, PresenceView>>({});
  const [typing, setTyping] = useState<TypingView | null>(null);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [removed, setRemoved] = useState<string | null>(removedAtLoad);
  const [loadingOlder, setLoadingOlder] = useState(false);
  /** The last join was answered: the room is live (else the header says it is connecting, and a join is asked again). */
  const [joined, setJoined] = useState(true);
  /** The next join asked after a refusal; `active` is false once the page left the room (nothing is asked for it after). */
  const rejoin = useRef<{ timer?: ReturnType<typeof setTimeout>; delayMs: number; active: boolean }>({
    delayMs: FIRST_REJOIN_MS,
    active: true,
  });

  const windowRef = useRef(window);
  windowRef.current = window;
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const removedRef = useRef(removed);
  removedRef.current = removed;
  const marks = useRef({ delivered: 0, read: 0, seen: 0 });
  /** The newest seq received, live or by a join, ahead of the window until React renders it; and whether a gap is being fetched. */
  const heard = useRef(0);
  const fetchingGap = useRef(false);
  const typingSentAt = useRef(0);

  useEffect(() => {
    if (removedAtLoad) setRemoved(removedAtLoad);
  }, [removedAtLoad]);

  // The page read again (the room changed: someone left or deleted their account) names senders as they are now.
  const firstPage = useRef(page);
  useEffect(() => {
    if (page !== firstPage.current) setWindow((held) => withSendersOf(held, page.messages));
  }, [page]);

  const updatePending = useCallback((clientId: string, change: Partial<PendingMessage>) => {
    setPending((held) => held.map((item) => (item.clientId === clientId ? { ...item, ...change } : item)));
  }, []);

  /** The API has the message: it joins the window (unless the window is away from the newest) and leaves the pending ones. */
  const accept = useCallback((message: MessageView) => {
    setPending((held) => {
      const done = held.find((item) => item.clientId === message.clientId);
      if (done?.preview) URL.revokeObjectURL(done.preview);
      return done ? held.filter((item) => item !== done) : held;
    });
    if (!windowRef.current.hasNewer) setWindow((held) => mergeMessages(held, [message], 'newer'));
  }, []);

  const markDelivered = useCallback(
    (connection: ChatSocket, seq: number) => {
      if (seq <= marks.current.delivered) return;
      marks.current.delivered = seq;
      connection.emit('messages:delivered', { roomId, seq });
    },
    [roomId],
  );

  const markRead = useCallback(() => {
    const seq = marks.current.seen;
    if (!socket?.connected || removedRef.current || document.visibilityState !== 'visible' || seq <= marks.current.read) return;
    marks.current.read = seq;
    socket.emit('messages:read', { roomId, seq });
  }, [socket, roomId]);

  const emitPending = useCallback(
    async (item: PendingMessage) => {
      if (!socket?.connected || !item.input || removedRef.current) return;
      try {
        const answer = await ask(socket, 'message:send', { roomId, ...item.input });
        if (answer.ok) {
          accept(answer.message);
          return;
        }
        if (answer.code === ChatErrorCodes.notMember || answer.code === ChatErrorCodes.roomNotFound) setRemoved(ChatMessages.notMember);
        // Sending too fast is the person's to act on (wait, then Retry): say so rather than "failed".
        const error = answer.code === ChatErrorCodes.sendingTooFast ? answer.error : FAILURES[item.type];
        updatePending(item.clientId, { state: 'failed', error });
      } catch {
        // No answer in time. Still connected: it failed (the person retries, with the same id). Disconnected: sent again on reconnect.
        if (socket.connected) updatePending(item.clientId, { state: 'failed', error: FAILURES[item.type] });
      }
    },
    [socket, roomId, accept, updatePending],
  );

  const joinRef = useRef<(connection: ChatSocket, fresh?: boolean, since?: number) => Promise<void>>();
  /**
   * A join refused or unanswered while the connection stays up: nothing new would arrive and no
   * reconnect would come, so the room says it is not live, the sends waiting for it fail (Retry is
   * offered), and the join is asked again with a growing pause.
   */
  const joinAgainLater = useCallback((connection: ChatSocket, fresh: boolean) => {
    if (!rejoin.current.active || !connection.connected || removedRef.current) return;
    setJoined(false);
    setPending((held) => held.map((item) => (item.state === 'sending' ? { ...item, state: 'failed', error: FAILURES[item.type] } : item)));
    globalThis.clearTimeout(rejoin.current.timer);
    rejoin.current.timer = globalThis.setTimeout(() => {
      if (rejoin.current.active && connection.connected) void joinRef.current?.(connection, fresh);
    }, rejoin.current.delayMs);
    rejoin.current.delayMs = Math.min(rejoin.current.delayMs * 2, LAST_REJOIN_MS);
  }, []);

  /**
   * Joins the room: with the newest seq held (or `since`) only what came after it (resync, asked
   * again while the answer stops short of the room's last seq), else the newest window. Then sends what waits.
   */
  const join = useCallback(
    async (connection: ChatSocket, fresh = false, since?: number) => {
      // A gap fetch (`since`) that fails is left to the next message or reconnect: it must not fail waiting sends.
      const failed = () => (since === undefined ? joinAgainLater(connection, fresh) : undefined);
      if (since === undefined) globalThis.clearTimeout(rejoin.current.timer);
      const held = windowRef.current;
      const resync = !fresh && !held.hasNewer && held.messages.length > 0;
      let after = since ?? (resync ? newestSeq(held) : undefined);
      const arrived: MessageView[] = [];
      try {
        for (;;) {
          const answer = await ask(connection, 'room:join', { roomId, ...(after === undefined ? {} : { lastSeq: after }) });
          if (!answer.ok) {
            if (answer.code === ChatErrorCodes.notMember || answer.code === ChatErrorCodes.roomNotFound) {
              setRemoved(answer.error || ChatMessages.notMember);
              return;
            }
            failed();
            return;
          }
          const { page: joined } = answer;
          arrived.push(...joined.messages);
          setWindow((current) =>
            after !== undefined
              ? mergeMessages(current, joined.messages, 'newer')
              : { messages: joined.messages, hasMore: joined.hasMore, hasNewer: false },
          );
          setReceipts((current) => joined.receipts.reduce(withReceipt, current));
          setPresence(Object.fromEntries(answer.presence.map((item) => [item.userId, item])));
          setTyping(answer.typing);
          markDelivered(connection, joined.lastSeq);
          const reached = joined.messages.at(-1)?.seq;
          if (reached !== undefined) heard.current = Math.max(heard.current, reached);
          if (after === undefined || reached === undefined || reached >= joined.lastSeq) break;
          after = reached;
        }
      } catch {
        // No answer on a live connection: asked again shortly (a reconnect joins again anyway).
        failed();
        return;
      }
      if (since === undefined) {
        setJoined(true);
        rejoin.current.delayMs = FIRST_REJOIN_MS;
      }
      const stored = (item: PendingMessage) => arrived.some((message) => message.senderId === me && message.clientId === item.clientId);
      setPending((current) => current.filter((item) => !stored(item)));
      markRead();
      // A gap fetched on a live connection leaves sends still waiting for their answers alone.
      if (since !== undefined) return;
      for (const item of pendingRef.current) {
        if (item.state === 'sending' && !stored(item)) void emitPending(item);
      }
    },
    [roomId, me, markDelivered, markRead, emitPending, joinAgainLater],
  );
  joinRef.current = join;

  useEffect(() => {
    if (!socket) return;
    const mine = (event: { roomId: string }) => event.roomId === roomId;
    const stop = listen(socket, {
      connect: () => void join(socket),
      'message:new': (message) => {
        if (!mine(message)) return;
        const missed = missedBefore(windowRef.current, message.seq, heard.current);
        heard.current = Math.max(heard.current, message.seq);
        accept(message);
        // A message whose announcement was lost is fetched as a reconnect would, one fetch at a time.
        if (missed !== undefined && !fetchingGap.current) {
          fetchingGap.current = true;
          void join(socket, false, missed).finally(() => (fetchingGap.current = false));
        }
        // Sending reads the room: the message is its sender's receipt too.
        const { senderId: userId, seq } = message;
        setReceipts((held) => withReceipt(held, { roomId, userId, readSeq: seq, deliveredSeq: seq }));
        if (message.senderId !== me) markDelivered(socket, message.seq);
      },
      'message:updated': (message) => {
        if (mine(message)) setWindow((held) => replaceMessage(held, message));
      },
      receipts: (batch) => {
        const ours = batch.filter(mine);
        if (ours.length > 0) setReceipts((held) => ours.reduce(withReceipt, held));
      },
      typing: (next) => {
        if (mine(next)) setTyping(next);
      },
      presence: (next) => setPresence((held) => ({ ...held, [next.userId]: next })),
      'room:removed': (removal) => {
        if (mine(removal)) setRemoved(removal.message || ChatMessages.notMember);
      },
      'room:updated': (update) => {
        if (mine(update) && !removedRef.current) revalidate();
      },
    });
    if (socket.connected) void join(socket);
    const onVisible = () => markRead();
    document.addEventListener('visibilitychange', onVisible);
    const pendingRejoin = rejoin.current;
    pendingRejoin.active = true;
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisible);
      pendingRejoin.active = false;
      globalThis.clearTimeout(pendingRejoin.timer);
      if (socket.connected) socket.emit('room:leave', { roomId });
    };
  }, [socket, roomId, me, join, accept, markDelivered, markRead, revalidate]);

  const enqueue = useCallback(
    (item: PendingMessage) => {
      setPending((held) => [...held, item]);
      void emitPending(item);
    },
    [emitPending],
  );

  const stopTyping = useCallback(() => {
    if (typingSentAt.current === 0) return;
    typingSentAt.current = 0;
    socket?.emit('typing', { roomId, isTyping: false });
  }, [socket, roomId]);

  const send = useCallback(
    (draft: Draft) => {
      const clientId = newClientId();
      stopTyping();
      enqueue(newPending(clientId, draft.type, { ...draft, clientId }));
    },
    [enqueue, stopTyping],
  );

  const upload = useCallback(
    (clientId: string, file: File) => {
      updatePending(clientId, { state: 'uploading', progress: 0, error: null });
      uploadWithProgress(file, 'image', (progress) => updatePending(clientId, { progress })).promise.then(
        (imageUrl) => {
          const item = pendingRef.current.find((candidate) => candidate.clientId === clientId);
          if (!item) return;
          const ready: PendingMessage = { ...item, input: { type: 'image', clientId, imageUrl }, state: 'sending', progress: 1 };
          updatePending(clientId, ready);
          void emitPending(ready);
        },
        () => updatePending(clientId, { state: 'failed', error: ChatMessages.imageSendFailed }),
      );
    },
    [updatePending, emitPending],
  );

  const sendImage = useCallback(
    (file: File) => {
      const clientId = newClientId();
      const item = newPending(clientId, 'image', null, { preview: URL.createObjectURL(file), file });
      setPending((held) => [...held, item]);
      upload(clientId, file);
    },
    [upload],
  );

  const retry = useCallback(
    (clientId: string) => {
      const item = pendingRef.current.find((candidate) => candidate.clientId === clientId);
      if (!item) return;
      if (!item.input && item.file) {
        upload(clientId, item.file);
        return;
      }
      const again: PendingMessage = { ...item, state: 'sending', error: null };
      updatePending(clientId, again);
      void emitPending(again);
    },
    [upload, updatePending, emitPending],
  );

  const discard = useCallback((clientId: string) => {
    setPending((held) => {
      const gone = held.find((item) => item.clientId === clientId);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return held.filter((item) => item !== gone);
    });
  }, []);

  const vote = useCallback(
    async (message: MessageView, optionIds: string[]) => {
      if (!socket?.connected) return false;
      try {
        const answer = await ask(socket, 'poll:vote', { roomId, messageId: message.id, optionIds });
        if (!answer.ok) return false;
        setWindow((held) => replaceMessage(held, answer.message));
        return true;
      } catch {
        return false;
      }
    },
    [socket, roomId],
  );

  const loadOlder = useCallback(() => {
    const held = windowRef.current;
    const first = held.messages[0];
    if (!socket?.connected || loadingOlder || !held.hasMore || !first) return;
    setLoadingOlder(true);
    ask(socket, 'messages:older', { roomId, before: first.seq })
      .then((answer) => {
        if (answer.ok) setWindow((current) => ({ ...mergeMessages(current, answer.page.messages, 'older'), hasMore: answer.page.hasMore }));
      })
      .catch(() => undefined)
      .finally(() => setLoadingOlder(false));
  }, [socket, roomId, loadingOlder]);

  const jumpToLatest = useCallback(() => {
    if (socket?.connected) void join(socket, true);
  }, [socket, join]);

  const seen = useCallback(
    (seq: number) => {
      if (seq <= marks.current.seen) return;
      marks.current.seen = seq;
      markRead();
    },
    [markRead],
  );

  const typingChanged = useCallback(
    (text: string) => {
      if (!socket?.connected) return;
      if (!text.trim()) {
        stopTyping();
        return;
      }
      const now = Date.now();
      if (now - typingSentAt.current < ChatLimits.typingThrottleMs) return;
      typingSentAt.current = now;
      socket.emit('typing', { roomId, isTyping: true });
    },
    [socket, roomId, stopTyping],
  );

  return {
    window,
    receipts,
    presence,
    typing,
    pending,
    removed,
    loadingOlder,
    connected: connected && joined,
    send,
    sendImage,
    retry,
    discard,
    vote,
    loadOlder,
    jumpToLatest,
    seen,
    typingChanged,
  };
}
