import { Injectable } from '@nestjs/common';
import { type SupportRecordSource } from '../admin/support/support-records.port.js';
import { EventsRepository } from './events.repository.js';

/** For the support view: the event a job is about. */
@Injectable()
export class EventSupportRecords implements SupportRecordSource {
  readonly field = 'eventId';
  readonly kind = 'event';

  constructor(private readonly events: EventsRepository) {}

  async describe(id: string) {
    const event = await this.events.viewRow(id);
    return event && { title: event.title, status: event.status, date: event.date.toISOString(), hostId: event.host_id };
  }
}
