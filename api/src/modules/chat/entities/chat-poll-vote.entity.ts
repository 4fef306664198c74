import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One person's choice of one option of a poll message (no foreign key: the message may be archived). */
@Entity('chat_poll_vote')
export class ChatPollVote {
  @PrimaryColumn('uuid')
  messageId: string;

  @PrimaryColumn('text')
  optionId: string;

  @PrimaryColumn('uuid')
  userId: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  votedAt: Date;
}
