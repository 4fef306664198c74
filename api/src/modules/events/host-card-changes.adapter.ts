import { Injectable } from '@nestjs/common';
import { HostCardChanges } from '../users/host-card-changes.port.js';
import { EventsService } from './events.service.js';

/** Answers the users module's HostCardChanges port: cached event lists carry the host's card. */
@Injectable()
export class EventListsOnHostCardChange extends HostCardChanges {
  constructor(private readonly events: EventsService) {
    super();
  }

  changed(): void {
    this.events.listsChanged();
  }
}
