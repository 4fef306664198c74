import { Injectable, Logger } from '@nestjs/common';
import { MEDIA_ID_PATTERN } from '../uploads/media-references.port.js';
import { UploadsErasureStep } from '../uploads/uploads-erasure.step.js';
import { type AccountErasureStep } from '../users/account-erasure.port.js';
import { EventsRepository } from './events.repository.js';
import { EventsService } from './events.service.js';

/**
 * The events a deleted account hosted stay as history, without the host's own phone number and
 * social link; their photos and video are retained before the uploads step erases the rest.
 */
@Injectable()
export class EventsErasureStep implements AccountErasureStep {
  private readonly logger = new Logger(EventsErasureStep.name);

  constructor(
    private readonly events: EventsRepository,
    private readonly eventsService: EventsService,
    private readonly uploads: UploadsErasureStep,
  ) {}

  async erase(userId: string): Promise<void> {
    // The same rule as the upload sweep's: what an event shows is what it keeps.
    const shown = await this.events.mediaShownByHost(userId, MEDIA_ID_PATTERN);
    await this.uploads.retainForHistory(userId, shown);
    await this.events.clearHostContacts(userId);
    this.logger.log({ userId, mediaRetained: shown.length }, 'hosted events erased');
  }

  /** Cached event lists carry the host's name and photo. */
  afterErasure(): void {
    this.eventsService.listsChanged();
  }
}
