import { Injectable } from '@nestjs/common';
import { HostedEvents } from '../users/hosted-events.port.js';
import { EventsRepository } from './events.repository.js';

/** Answers the users module's HostedEvents port from the event table. */
@Injectable()
export class ListedEventCounts extends HostedEvents {
  constructor(private readonly events: EventsRepository) {
    super();
  }

  listedCounts(hostIds: string[]): Promise<Map<string, number>> {
    return this.events.listedCountsByHost(hostIds);
  }
}
