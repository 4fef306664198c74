import { Injectable } from '@nestjs/common';
import { paginate, type PageQuery, type Pagination } from '../../contracts/event.contract.js';
import { HostedEvents } from './hosted-events.port.js';
import { InfluencerNotFoundError } from './users.errors.js';
import { UsersRepository } from './users.repository.js';
import { hostedFields, toPublicUser, type PublicUserView } from './user.views.js';

export type InfluencerView = PublicUserView & { events_hosted_count: number };

/** The directory of influencers (people whose role is influencer, not deleted). */
@Injectable()
export class InfluencersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hostedEvents: HostedEvents,
  ) {}

  /** Most followed first, then best rated. */
  async list(page: PageQuery): Promise<{ data: InfluencerView[]; pagination: Pagination }> {
    const { users, total } = await this.users.influencerPage(page.limit, (page.page - 1) * page.limit);
    const counts = users.length > 0 ? await this.hostedEvents.listedCounts(users.map((user) => user.id)) : new Map<string, number>();
    return {
      data: users.map((user) => ({ ...toPublicUser(user), ...hostedFields(counts.get(user.id) ?? 0) })),
      pagination: paginate(page.page, page.limit, total),
    };
  }

  async profile(id: string): Promise<InfluencerView> {
    const user = await this.users.findInfluencer(id);
    if (!user) throw new InfluencerNotFoundError();
    const counts = await this.hostedEvents.listedCounts([id]);
    return { ...toPublicUser(user), ...hostedFields(counts.get(id) ?? 0) };
  }
}
