import { Injectable, Logger } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { ErasesPersonalData, type PersonalDataEraser } from '../../platform/privacy/personal-data-erasure.js';
import { UploadsErasure } from '../uploads/uploads-erasure.js';
import { Event } from './entities/event.entity.js';

const MEDIA_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * The events a deleted account hosted stay as history, without the host's own phone number and
 * social link; their photos and video are retained before the uploads step erases the rest.
 */
@Injectable()
@ErasesPersonalData({ name: 'hosted events', order: 10 })
export class HostedEventsErasure implements PersonalDataEraser {
  private readonly logger = new Logger(HostedEventsErasure.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly uploads: UploadsErasure,
  ) {}

  async erasePersonalData(userId: string): Promise<void> {
    const events = this.dataSource.getRepository(Event);
    const hosted = await events.find({ select: { id: true, images: true, video: true }, where: { hostId: userId, deletedAt: IsNull() } });
    const shown = new Set(hosted.flatMap((event) => `${JSON.stringify(event.images)} ${event.video ?? ''}`.match(MEDIA_ID) ?? []));
    await this.uploads.retainForHistory(userId, [...shown]);
    await events.update({ hostId: userId }, { hostContactNumber: null, hostSocialLink: null });
    this.logger.log({ userId, hostedEvents: hosted.length, mediaRetained: shown.size }, 'hosted events erased');
  }
}
