import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { type RoomStatus } from '../../../contracts/chat.contract.js';
import { bigintAsNumber } from '../../../platform/database/bigint-number.js';

/** One event's group chat. `last_seq` numbers its messages; `deleted_at` hides it for good. */
@Entity('chat_room')
export class ChatRoom {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', nullable: true })
  eventId: string | null;

  @Column('text')
  name: string;

  @Column({ type: 'text', nullable: true })
  eventImage: string | null;

  @Column('uuid')
  createdBy: string;

  @Column({ type: 'text', default: 'open' })
  status: RoomStatus;

  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  lastSeq: number;

  @Column({ type: 'timestamptz', nullable: true })
  lastMessageAt: Date | null;

  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  archivedSeq: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  closedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
