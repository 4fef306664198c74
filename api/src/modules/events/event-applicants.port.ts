import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';

/**
 * What the events module needs to know about applications. The applications issue provides the
 * real implementation (bind it to this token in EventsModule); until then nobody can apply, so no
 * event has accepted applicants.
 */
export abstract class EventApplicants {
  /** Accepted applicants of the event, read inside the caller's transaction. */
  abstract acceptedApplicantCount(eventId: string, tx: EntityManager): Promise<number>;
}

@Injectable()
export class NoApplicationsYet extends EventApplicants {
  async acceptedApplicantCount(): Promise<number> {
    return 0;
  }
}
