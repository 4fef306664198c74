import { Column, Entity, PrimaryColumn } from 'typeorm';
import { type MessageType } from '../../../contracts/chat.contract.js';
import { bigintAsNumber } from './bigint-number.js';
import { type StoredPollOption } from './chat-message.entity.js';

/** An old message of a busy room, moved out of chat_message; still read with the room's history. */
@Entity('chat_message_archive')
export class ChatMessageArchive {
  @PrimaryColumn('uuid')
  id: string;

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

  @Column({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  archivedAt: Date;
}
