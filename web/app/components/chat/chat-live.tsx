import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import {
  CHAT_NAMESPACE,
  CHAT_SOCKET_PATH,
  ChatLimits,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type UnreadTotalsView,
} from '../../../../api/src/contracts/chat.contract.js';
import { totalUnread, unreadAfterActivity, unreadAfterRead, unreadByRoom, type ActivitySeen, type UnreadByRoom } from '~/lib/chat';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface ChatLive {
  /** The tab's one chat connection (null before hydration and for guests). */
  socket: ChatSocket | null;
  connected: boolean;
  /** Unread chat messages over every room (the Chat tab's badge, the title), or null while not known. */
  unread: number | null;
}

const NOBODY: ChatLive = { socket: null, connected: false, unread: null };
const ChatLiveContext = createContext<ChatLive>(NOBODY);

export const useChatLive = (): ChatLive => useContext(ChatLiveContext);

/** Listeners by event (the connection's own `connect` too). */
export type ChatListeners = Partial<ServerToClientEvents & { connect: () => void }>;

/** Listens to the connection's events; the function it returns stops every one of them. */
export function listen(socket: ChatSocket, listeners: ChatListeners): () => void {
  // socket.io types on/off per event name; the map's entries lose that pairing, which the ChatListeners type keeps.
  const entries = Object.entries(listeners) as Array<['connect', () => void]>;
  for (const [event, listener] of entries) socket.on(event, listener);
  return () => {
    for (const [event, listener] of entries) socket.off(event, listener);
  };
}

const UNREAD_RESOURCE = '/resources/chat?view=unread';

async function readUnread(): Promise<UnreadTotalsView | null> {
  try {
    const response = await fetch(UNREAD_RESOURCE, { headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<UnreadTotalsView>;
    return Array.isArray(body.rooms) ? (body as UnreadTotalsView) : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in person's chat connection, one per tab, opened by the shell: socket.io on the web's
 * own origin (`/socket.io`, which the web server forwards to the API with the session's token),
 * namespace /chat, WebSocket only. The room list and the room page use it; here it keeps the Chat
 * tab's unread count live and marks what reaches the tab delivered: the counts by room are read
 * when it (re)connects (what happened while away), then moved by `room:activity` and `unread`
 * events. Until the first read, and whenever the connection cannot count, `unread` is the shell
 * loader's total (`loaderTotal`, read on every navigation); a loader total that disagrees with the
 * connection's count has the rooms read again.
 * Give it `key={userId}`.
 */
export function ChatLiveProvider({ userId, loaderTotal, children }: { userId: string; loaderTotal: number | null; children: ReactNode }) {
  const [socket, setSocket] = useState<ChatSocket | null>(null);
  const [connected, setConnected] = useState(false);
  const [rooms, setRooms] = useState<UnreadByRoom | null>(null);
  const held = useRef(rooms);
  held.current = rooms;
  const readRooms = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (held.current && loaderTotal !== null && totalUnread(held.current) !== loaderTotal) readRooms.current?.();
  }, [loaderTotal]);

  useEffect(() => {
    let connection: ChatSocket | null = null;
    let heartbeat: number | undefined;
    let stopped = false;

    /** The unread counts and delivery marks, moved by the connection's events. */
    const keepCounting = (connection: ChatSocket) => {
      // Events arrive faster than renders: each applies to what the one before it left.
      const keep = (next: UnreadByRoom) => {
        held.current = next;
        setRooms(next);
      };
      const readAgain = () =>
        void readUnread().then((read) => {
          if (read) keep(unreadByRoom(read.rooms));
        });
      readRooms.current = readAgain;
      const onConnect = () => {
        setConnected(true);
        window.clearInterval(heartbeat);
        heartbeat = window.setInterval(() => connection.emit('heartbeat'), ChatLimits.presenceTtlMs / 3);
        readAgain();
      };
      const onDisconnect = () => {
        setConnected(false);
        window.clearInterval(heartbeat);
      };
      connection.on('connect', onConnect);
      connection.on('disconnect', onDisconnect);
      // Before the rooms are read, an event moves no count (it would count one room alone): the rooms are read.
      const count = (activity: ActivitySeen) => {
        const next = held.current ? unreadAfterActivity(held.current, activity, userId) : null;
        if (next) keep(next);
        else readAgain();
      };
      connection.on('room:activity', (activity) => {
        count(activity);
        // The message reached this device: delivered (SPEC §4), whichever page is open.
        if (activity.lastMessage.senderId !== userId)
          connection.emit('messages:delivered', { roomId: activity.roomId, seq: activity.lastSeq });
      });
      // A room open in this tab gets its messages instead of its activity (the room page marks them delivered).
      connection.on('message:new', (message) =>
        count({ roomId: message.roomId, lastSeq: message.seq, lastMessage: { senderId: message.senderId } }),
      );
      connection.on('unread', (unread) => (held.current ? keep(unreadAfterRead(held.current, unread)) : readAgain()));
      connection.on('room:removed', ({ roomId }) => {
        if (held.current) keep(Object.fromEntries(Object.entries(held.current).filter(([id]) => id !== roomId)));
      });
    };
    // socket.io's client (18 KB compressed) loads after the page is up, and only for a signed-in
    // person: guests never open a chat connection. If it cannot load, the pages still work from their
    // loaders; only the live badge and delivery marks wait for the next visit.
    void import('socket.io-client')
      .then(({ io }) => {
        if (stopped) return;
        // A connection attempt that hangs (the network went away mid-handshake) is given up after 10 s and tried again.
        connection = io(CHAT_NAMESPACE, { path: CHAT_SOCKET_PATH, transports: ['websocket'], timeout: 10_000 });
        keepCounting(connection);
        setSocket(connection);
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      window.clearInterval(heartbeat);
      readRooms.current = null;
      connection?.removeAllListeners();
      connection?.disconnect();
      setSocket(null);
      setConnected(false);
    };
  }, [userId]);

  const value = useMemo<ChatLive>(
    () => ({ socket, connected, unread: rooms ? totalUnread(rooms) : loaderTotal }),
    [socket, connected, rooms, loaderTotal],
  );
  return <ChatLiveContext.Provider value={value}>{children}</ChatLiveContext.Provider>;
}
