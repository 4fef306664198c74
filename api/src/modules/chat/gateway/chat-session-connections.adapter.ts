import { Injectable } from '@nestjs/common';
import { SessionConnections } from '../../auth/session-connections.port.js';
import { ChatEmitter } from './chat-emitter.js';
import { SocketRooms } from './chat-redis.js';

/** Answers auth's SessionConnections: the sockets of an ended session are disconnected on every instance. */
@Injectable()
export class ChatSessionConnections extends SessionConnections {
  constructor(private readonly emitter: ChatEmitter) {
    super();
  }

  closeSession(sessionId: string): void {
    this.emitter.to(SocketRooms.session(sessionId)).disconnectSockets(true);
  }

  closeAllOf(userId: string, keptSessionId?: string): void {
    const everyConnection = this.emitter.to(SocketRooms.user(userId));
    (keptSessionId ? everyConnection.except(SocketRooms.session(keptSessionId)) : everyConnection).disconnectSockets(true);
  }
}
