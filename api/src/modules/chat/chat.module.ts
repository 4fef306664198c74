import { Module } from '@nestjs/common';
import { ChatArchiveRepository } from './chat-archive.repository.js';
import { ChatDeletionStep } from './chat-deletion.step.js';
import { ChatPushRepository } from './chat-push.repository.js';
import { ChatPushService } from './chat-push.service.js';
import { ChatAddAttendeeHandler } from './jobs/chat-add-attendee.job.js';
import { ChatArchiveHandler } from './jobs/chat-archive.job.js';
import { ChatCloseRoomHandler } from './jobs/chat-close-room.job.js';
import { ChatOpenRoomHandler } from './jobs/chat-open-room.job.js';
import { ChatPushSweepHandler } from './jobs/chat-push-sweep.job.js';
import { ChatPushHandler } from './jobs/chat-push.job.js';
import { ChatRemoveAttendeeHandler } from './jobs/chat-remove-attendee.job.js';
import { ChatSyncRepository } from './jobs/chat-sync.repository.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { ChatBroadcast } from './chat-broadcast.port.js';
import { ChatSendRate } from './chat-send-rate.js';
import { ChatMediaReferences } from './chat-media-references.adapter.js';
import { ChatController } from './chat.controller.js';
import { ChatRepository } from './chat.repository.js';
import { ChatService } from './chat.service.js';
import { AuthModule } from '../auth/auth.module.js';
import { UsersModule } from '../users/users.module.js';
import { ChatEmitter } from './gateway/chat-emitter.js';
import { ChatSessionConnections } from './gateway/chat-session-connections.adapter.js';
import { ChatGateway } from './gateway/chat.gateway.js';
import { ChatPresence } from './gateway/chat-presence.service.js';
import { ChatTyping } from './gateway/chat-typing.service.js';
import { RedisChatBroadcast } from './gateway/redis-chat-broadcast.js';

/**
 * Chat (issue 11): rooms, members, numbered messages, polls and receipts in PostgreSQL; the
 * gateway delivers live through ChatBroadcast, the workers keep membership in step with events.
 */
@Module({
  controllers: [ChatController],
  imports: [NotificationsModule, AuthModule, UsersModule],
  providers: [
    ChatRepository,
    ChatService,
    ChatMediaReferences,
    // Gateway (H2): socket.io (its server runs in the API process only), typing and presence in Redis,
    // the broadcast over socket.io's Redis emitter (the API and the workers publish alike).
    ChatEmitter,
    ChatSessionConnections,
    ChatSendRate,
    { provide: ChatBroadcast, useClass: RedisChatBroadcast },
    ChatPresence,
    ChatTyping,
    ChatGateway,
    // Workers (H3): membership in step with events and applications, pushes, the archive, account deletion.
    ChatSyncRepository,
    ChatOpenRoomHandler,
    ChatAddAttendeeHandler,
    ChatRemoveAttendeeHandler,
    ChatCloseRoomHandler,
    ChatPushRepository,
    ChatPushService,
    ChatPushHandler,
    ChatPushSweepHandler,
    ChatArchiveRepository,
    ChatArchiveHandler,
    ChatDeletionStep,
  ],
  exports: [ChatService, ChatMediaReferences, ChatDeletionStep, ChatPresence, ChatSessionConnections],
})
export class ChatModule {}
