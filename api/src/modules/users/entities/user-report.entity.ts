import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { type UserReportReason, type UserReportStatus } from '../../../contracts/user-report.contract.js';

/** One person's report about another, for moderation (migration 1763701100000). */
@Entity('user_report')
export class UserReport {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  reporterId: string;

  @Column({ type: 'uuid' })
  reportedId: string;

  @Column({ type: 'text' })
  reason: UserReportReason;

  @Column({ type: 'text', nullable: true })
  details: string | null;

  @Column({ type: 'text', default: 'open' })
  status: UserReportStatus;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
