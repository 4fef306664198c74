import { Injectable, Logger } from '@nestjs/common';
import { UploadsErasureStep } from '../uploads/uploads-erasure.step.js';
import { type AccountErasureStep } from '../users/account-erasure.port.js';
import { EventsRepository } from './events.repository.js';
import { EventsService } from './events.service.js';

const MEDIA_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

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
    const hosted = await this.events.mediaOfHostedBy(userId);
    const shown = new Set(hosted.flatMap((event) => `${JSON.stringify(event.images)} ${event.video ?? ''}`.match(MEDIA_ID) ?? []));
    await this.uploads.retainForHistory(userId, [...shown]);
    await this.events.clearHostContacts(userId);
    this.logger.log({ userId, hostedEvents: hosted.length, mediaRetained: shown.size }, 'hosted events erased');
  }

  /** Cached event lists carry the host's name and photo. */
  afterErasure(): void {
    this.eventsService.listsChanged();
  }
}
