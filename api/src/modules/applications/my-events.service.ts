import { Injectable } from '@nestjs/common';
import { paginate } from '../../contracts/event.contract.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { EventListingService } from '../events/event-listing.service.js';
import { ApplicationsRepository } from './applications.repository.js';

/** GET /users/me/events: the events a fan applied to, with their latest application's amount and status. */
@Injectable()
export class MyEventsService {
  constructor(
    private readonly applications: ApplicationsRepository,
    private readonly listing: EventListingService,
  ) {}

  async list(user: AuthUser) {
    const latest = await this.applications.latestPerEventOfFan(user.id);
    const accepted = new Set(latest.filter((application) => application.status === 'accepted').map((application) => application.eventId));
    const [full, limited] = await Promise.all([
      this.listing.views([...accepted], 'full'),
      this.listing.views(
        latest.map((application) => application.eventId).filter((id) => !accepted.has(id)),
        'public',
      ),
    ]);
    const views = new Map([...full, ...limited].map((view) => [view.id, view]));
    const data = latest.flatMap((application) => {
      const view = views.get(application.eventId);
      return view ? [{ ...view, bid_amount: application.bidAmount, bid_status: application.status, application_id: application.id }] : [];
    });
    return { data, pagination: paginate(1, Math.max(1, data.length), data.length) };
  }
}
