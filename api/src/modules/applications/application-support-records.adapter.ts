import { Injectable } from '@nestjs/common';
import { type SupportRecordSource } from '../admin/support/support-records.port.js';
import { ApplicationsRepository } from './applications.repository.js';

/** For the support view: where an application a job is about stands. */
@Injectable()
export class ApplicationSupportRecords implements SupportRecordSource {
  readonly field = 'applicationId';
  readonly kind = 'application';

  constructor(private readonly applications: ApplicationsRepository) {}

  async describe(id: string) {
    const application = await this.applications.find(id);
    return (
      application && {
        status: application.status,
        eventId: application.eventId,
        fanId: application.fanId,
        transactionId: application.transactionId,
        decidedAt: application.decidedAt?.toISOString() ?? null,
        updatedAt: application.updatedAt.toISOString(),
      }
    );
  }
}
