import { Column, Entity, PrimaryColumn } from 'typeorm';
import { type MemberRole } from '../../../contracts/chat.contract.js';
import { bigintAsNumber } from '../../../platform/database/bigint-number.js';

export type MemberSource = 'host' | 'application' | 'manual';

/** A person in a room, with the highest seq they have read and received. `left_at` ends membership. */
@Entity('chat_member')
export class ChatMember {
  @PrimaryColumn('uuid')
  roomId: string;

  @PrimaryColumn('uuid')
  userId: string;

  @Column({ type: 'text', default: 'member' })
  role: MemberRole;

  @Column('text')
  source: MemberSource;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  joinedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  leftAt: Date | null;

  @Column({ type: 'uuid', nullable: true })
  removedBy: string | null;

  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  readSeq: number;

  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  deliveredSeq: number;

  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  pushedSeq: number;

  @Column({ type: 'timestamptz', nullable: true })
  pushedAt: Date | null;
}
