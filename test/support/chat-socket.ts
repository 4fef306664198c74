import { io, type Socket } from 'socket.io-client';
import { createApiApp } from '../../api/src/bootstrap.js';
import {
  CHAT_NAMESPACE,
  CHAT_SOCKET_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../api/src/contracts/chat.contract.js';
import { listenOnFreePort, type TestApi } from './test-api.js';

/** A chat client as the web app holds one. */
export type ChatClient = Socket<ServerToClientEvents, ClientToServerEvents>;

type ServerEvent = keyof ServerToClientEvents;
type Payload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];

const DEFAULT_DEADLINE_MS = 5_000;

/**
 * One more API instance on the first one's database and Redis prefix (several instances behind a
 * balancer), with `overrides` on top of the first one's settings.
 */
export async function startSecondInstance(
  first: TestApi,
  overrides: Record<string, string> = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = await createApiApp({ ...first.config, ...overrides });
  await app.init();
  const url = await listenOnFreePort(app);
  let closing: Promise<void> | undefined;
  return { url, close: () => (closing ??= app.close()) };
}

export interface ChatConnectOptions {
  /** Send the token as the web server's proxy does: an Authorization header instead of `auth.token`. */
  asHeader?: boolean;
}

/** A client that has not connected yet (reconnection off: a test reconnects on purpose). */
export function chatClient(baseUrl: string, token: string | undefined, options: ChatConnectOptions = {}): ChatClient {
  return io(`${baseUrl}${CHAT_NAMESPACE}`, {
    path: CHAT_SOCKET_PATH,
    transports: ['websocket'],
    auth: token !== undefined && !options.asHeader ? { token } : {},
    extraHeaders: token !== undefined && options.asHeader ? { authorization: `Bearer ${token}` } : {},
    reconnection: false,
    forceNew: true,
    autoConnect: false,
  });
}

/** Connects, resolving once the server accepted, rejecting with the server's refusal (connect_error). */
export function connect(socket: ChatClient, timeoutMs = DEFAULT_DEADLINE_MS): Promise<ChatClient> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`no connection within ${timeoutMs} ms`)), timeoutMs);
    const finish = (error?: Error) => {
      clearTimeout(timer);
      socket.off('connect', onConnect);
      socket.off('connect_error', finish);
      if (error) reject(error);
      else resolve(socket);
    };
    const onConnect = () => finish();
    socket.once('connect', onConnect);
    socket.once('connect_error', finish);
    socket.connect();
  });
}

/** A connected client for this person. */
export const openChat = (baseUrl: string, token: string, options?: ChatConnectOptions): Promise<ChatClient> =>
  connect(chatClient(baseUrl, token, options));

/**
 * The first `name` event (from now on) whose payload passes `predicate`; fails after the deadline.
 * Start waiting before doing what should cause it.
 */
export function waitForEvent<E extends ServerEvent>(
  socket: ChatClient,
  name: E,
  predicate: (payload: Payload<E>) => boolean = () => true,
  timeoutMs = DEFAULT_DEADLINE_MS,
): Promise<Payload<E>> {
  return new Promise((resolve, reject) => {
    const listener = (payload: Payload<E>) => {
      if (!predicate(payload)) return;
      clearTimeout(timer);
      socket.off(name, listener as never);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(name, listener as never);
      reject(new Error(`no "${String(name)}" event as expected within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(name, listener as never);
  });
}

/** Every `name` event from now on, in arrival order. */
export function recordEvents<E extends ServerEvent>(socket: ChatClient, name: E): Array<Payload<E>> {
  const seen: Array<Payload<E>> = [];
  socket.on(name, ((payload: Payload<E>) => seen.push(payload)) as never);
  return seen;
}

/** Resolves when the server closed the connection (or the deadline passed, rejecting). */
export function waitForDisconnect(socket: ChatClient, timeoutMs = DEFAULT_DEADLINE_MS): Promise<string> {
  if (socket.disconnected) return Promise.resolve('already disconnected');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Closes every client given (those already closed too). */
export function closeAll(...sockets: Array<ChatClient | undefined>): void {
  for (const socket of sockets) socket?.disconnect();
}
