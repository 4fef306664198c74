import { type INestApplication } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type ServerOptions } from 'socket.io';
import { CHAT_SOCKET_PATH, ChatLimits } from '../../../contracts/chat.contract.js';
import { type AppConfig } from '../../../platform/config/config.schema.js';
import { createAdapterConnections, socketIoChannelKey } from './chat-redis.js';

/** Room for a message at the size limit, its JSON and the event around it; bigger frames close the connection. */
const MAX_FRAME_BYTES = 2 * ChatLimits.maxMessageBytes + 64 * 1024;

/**
 * socket.io on the API's own HTTP server (Fastify's), for the chat gateway: websocket only (no
 * long-polling, so API instances need no sticky sessions), the API's CORS origins, and the Redis
 * adapter so that a broadcast on one instance reaches the sockets of all.
 */
export class ChatIoAdapter extends IoAdapter {
  private readonly closers: Array<() => void> = [];

  constructor(
    app: INestApplication,
    private readonly config: AppConfig,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      path: CHAT_SOCKET_PATH,
      transports: ['websocket'],
      serveClient: false,
      cors: { origin: this.config.CORS_ORIGINS, credentials: true },
      maxHttpBufferSize: MAX_FRAME_BYTES,
    } as ServerOptions);
    const { pub, sub, close } = createAdapterConnections(this.config);
    this.closers.push(close);
    server.adapter(createAdapter(pub, sub, { key: socketIoChannelKey(this.config) }));
    return server;
  }

  /**
   * Closes this instance's connections without the "disconnect" packet, so clients reconnect at
   * once (to an instance that stays) and resync. Only local sockets: through the Redis adapter a
   * namespace-wide disconnect would reach every instance. The HTTP server is Fastify's to close.
   * The adapter is not asked to unsubscribe: its connections close next (`dispose`), and its
   * UNSUBSCRIBEs, sent without waiting, would fail as unhandled rejections.
   */
  override close(server: unknown): Promise<void> {
    if (server instanceof Server) server.engine.close();
    return Promise.resolve();
  }

  /** Subscriptions and fire-and-forget publishes have nothing to finish: the connections just close. */
  override async dispose(): Promise<void> {
    for (const close of this.closers.splice(0)) close();
  }
}
