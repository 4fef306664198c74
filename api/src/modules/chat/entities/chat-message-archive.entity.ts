import { Column, Entity, PrimaryColumn } from 'typeorm';
import { ChatMessageColumns } from './chat-message.entity.js';

/** An old message of a busy room, moved out of chat_message; still read with the room's history. */
@Entity('chat_message_archive')
export class ChatMessageArchive extends ChatMessageColumns {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  archivedAt: Date;
}
