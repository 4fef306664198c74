import { Injectable } from '@nestjs/common';
import { ChatBroadcast } from './chat-broadcast.port.js';

/** Until the socket.io adapter (gateway/) is bound: changes commit, nobody connected hears of them. */
@Injectable()
export class NoopChatBroadcast extends ChatBroadcast {
  messageCreated(): void {}
  messageUpdated(): void {}
  receipt(): void {}
  membersAdded(): void {}
  membersRemoved(): void {}
  roomUpdated(): void {}
  roomDeleted(): void {}
}
