import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { type MessageType } from '../../../contracts/chat.contract.js';
import { bigintAsNumber } from '../../../platform/database/bigint-number.js';

/** A poll's option as stored; votes live in chat_poll_vote. */
export interface StoredPollOption {
  id: string;
  text: string;
}

/** What a message holds, live (chat_message) or archived (chat_message_archive) alike. */
export abstract class ChatMessageColumns {
  @Column('uuid')
  roomId: string;

  @Column({ type: 'bigint', transformer: bigintAsNumber })
  seq: number;

  @Column('uuid')
  senderId: string;

  @Column('text')
  clientId: string;

  @Column('text')
  type: MessageType;

  @Column({ type: 'text', nullable: true })
  text: string | null;

  @Column({ type: 'text', nullable: true })
  imageUrl: string | null;

  @Column({ type: 'jsonb', nullable: true })
  pollOptions: StoredPollOption[] | null;
}

/** A message, numbered by `seq` within its room; (room, sender, client id) makes a retry store one row. */
@Entity('chat_message')
export class ChatMessage extends ChatMessageColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
