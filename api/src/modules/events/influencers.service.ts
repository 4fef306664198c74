import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { paginate, type PageQuery, type Pagination } from '../../contracts/event.contract.js';
import { User } from '../users/entities/user.entity.js';
import { toPublicUser, type PublicUserView } from '../users/user.views.js';
import { InfluencerNotFoundError } from './events.errors.js';

export type InfluencerView = PublicUserView & { events_hosted_count: number };

/** Listed events: active, published, not deleted (the same literals as the listing indexes). */
const LISTED = `e.status = 'active' AND e.moderation_status = 'published' AND e.deleted_at IS NULL`;

/**
 * An influencer is a person whose role is influencer (not deleted). The directory is ordered by
 * users_influencer_directory_idx (migration 1763700100000).
 */
const IS_INFLUENCER = `u.role = 'influencer' AND u.deleted_at IS NULL`;

@Injectable()
export class InfluencersService {
  constructor(private readonly dataSource: DataSource) {}

  /** Most followed first, then best rated. */
  async list(page: PageQuery): Promise<{ data: InfluencerView[]; pagination: Pagination }> {
    const [users, total] = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .where(IS_INFLUENCER)
      .orderBy('u.followerCount', 'DESC')
      .addOrderBy('u.rating', 'DESC', 'NULLS LAST')
      .addOrderBy('u.id', 'ASC')
      .skip((page.page - 1) * page.limit)
      .take(page.limit)
      .getManyAndCount();
    const counts = await this.hostedCounts(users.map((user) => user.id));
    return {
      data: users.map((user) => ({ ...toPublicUser(user), ...hosted(counts.get(user.id) ?? 0) })),
      pagination: paginate(page.page, page.limit, total),
    };
  }

  async profile(id: string): Promise<InfluencerView> {
    const user = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .where(`u.id = :id AND ${IS_INFLUENCER}`, { id })
      .getOne();
    if (!user) throw new InfluencerNotFoundError();
    return { ...toPublicUser(user), ...(await this.hostedFields(user.id)) };
  }

  /** How many listed events the person hosts, counted live, in the fields user views carry it under. */
  async hostedFields(id: string): Promise<ReturnType<typeof hosted>> {
    return hosted((await this.hostedCounts([id])).get(id) ?? 0);
  }

  /** Listed events per host, counted live from the events table. */
  private async hostedCounts(ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ host_id: string; count: number }> = await this.dataSource.query(
      `SELECT e.host_id, count(*)::int AS count FROM event e WHERE e.host_id = ANY($1) AND ${LISTED} GROUP BY e.host_id`,
      [ids],
    );
    return new Map(rows.map((row) => [row.host_id, row.count]));
  }
}

const hosted = (count: number) => ({ events_hosted: count, events_hosted_count: count });
