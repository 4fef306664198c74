import { Injectable } from '@nestjs/common';
import { ErrorCodes } from '../../contracts/error-codes.js';
import { paginate, type Pagination } from '../../contracts/event.contract.js';
import { Messages } from '../../contracts/messages.js';
import { type ReportUserInput, type UserReportListQuery } from '../../contracts/user-report.contract.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/http/domain-error.js';
import { UserReportsRepository, type UserReportRow } from './user-reports.repository.js';
import { UsersRepository } from './users.repository.js';

/** People reporting people, and the moderators' list of those reports. */
@Injectable()
export class UserReportsService {
  constructor(
    private readonly reports: UserReportsRepository,
    private readonly users: UsersRepository,
  ) {}

  /** One open report per reporter and person; nobody reports themself or an account that is gone. */
  async report(reporter: AuthUser, reportedId: string, input: ReportUserInput) {
    if (reportedId === reporter.id) throw new ValidationError(Messages.users.cannotReportSelf, ErrorCodes.users.cannotReportSelf);
    if (!(await this.users.isActive(reportedId))) throw new NotFoundError(Messages.users.notFound);
    const stored = await this.reports.insertOpen({
      reporterId: reporter.id,
      reportedId,
      reason: input.reason,
      details: input.details || null,
    });
    if (!stored) throw new ConflictError(Messages.users.reportAlreadyOpen, ErrorCodes.users.reportAlreadyOpen);
    return {
      id: stored.id,
      reported_id: reportedId,
      reason: input.reason,
      details: input.details || null,
      status: 'open' as const,
      created_at: stored.created_at,
      message: Messages.users.reported,
    };
  }

  async list(query: UserReportListQuery): Promise<{ data: UserReportRow[]; pagination: Pagination }> {
    const { rows, total } = await this.reports.page(query.status, query.limit, (query.page - 1) * query.limit);
    return { data: rows, pagination: paginate(query.page, query.limit, total) };
  }
}
