import { ChatMember } from './entities/chat-member.entity.js';
import { ChatMessageArchive } from './entities/chat-message-archive.entity.js';
import { ChatMessage } from './entities/chat-message.entity.js';
import { ChatPollVote } from './entities/chat-poll-vote.entity.js';
import { ChatRoom } from './entities/chat-room.entity.js';

export const CHAT_ENTITIES = [ChatRoom, ChatMember, ChatMessage, ChatMessageArchive, ChatPollVote];
