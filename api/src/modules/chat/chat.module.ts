import { Module } from '@nestjs/common';
import { ChatBroadcast } from './chat-broadcast.port.js';
import { ChatController } from './chat.controller.js';
import { ChatRepository } from './chat.repository.js';
import { ChatService } from './chat.service.js';
import { NoopChatBroadcast } from './noop-chat-broadcast.js';

/**
 * Chat (issue 11): rooms, members, numbered messages, polls and receipts in PostgreSQL; the
 * gateway delivers live through ChatBroadcast, the workers keep membership in step with events.
 */
@Module({
  controllers: [ChatController],
  providers: [ChatRepository, ChatService, { provide: ChatBroadcast, useClass: NoopChatBroadcast }],
  exports: [ChatService],
})
export class ChatModule {}
