import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  CommunityErrorCodes,
  CommunityMessages,
  type FollowView,
  type PeoplePageView,
  type PeopleQuery,
} from '../../contracts/community.contract.js';
import { Messages } from '../../contracts/messages.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { NotFoundError, ValidationError } from '../../platform/http/domain-error.js';
import { CommunityRate } from '../community/community-rate.js';
import { keysetPage, seqOfCursor } from '../community/keyset.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { FollowsRepository, type FollowListRow } from './follows.repository.js';

/** People following people: the follow button, the two lists, and the followed person's notification. */
@Injectable()
export class FollowsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly follows: FollowsRepository,
    private readonly notifications: NotificationsService,
    private readonly rate: CommunityRate,
  ) {}

  /**
   * Following again is a no-op. The followed person hears of a follower once (following, leaving
   * and following again does not notify twice).
   */
  async follow(user: AuthUser, followedId: string): Promise<FollowView> {
    if (followedId === user.id) throw new ValidationError(CommunityMessages.cannotFollowSelf, CommunityErrorCodes.cannotFollowSelf);
    await this.rate.take('follow', user.id);
    // A suspended person's posts are hidden (community-sql.ts), and they gain no followers meanwhile.
    if ((await this.requireActive(user.id, followedId)).suspended) throw new NotFoundError(Messages.users.notFound);
    return this.dataSource.transaction(async (tx) => {
      const { added, followerCount } = await this.follows.follow(tx, user.id, followedId);
      if (added) {
        await this.notifications.notify(tx, {
          userId: followedId,
          type: 'new_follower',
          fanId: user.id,
          dedupeKey: `new_follower:${user.id}`,
        });
      }
      return { following: true, followerCount };
    });
  }

  async unfollow(user: AuthUser, followedId: string): Promise<FollowView> {
    await this.requireActive(user.id, followedId);
    return { following: false, followerCount: await this.follows.unfollow(user.id, followedId) };
  }

  async state(viewer: AuthUser | null, followedId: string): Promise<FollowView> {
    const { following, followerCount } = await this.requireActive(viewer?.id ?? null, followedId);
    return { following, followerCount };
  }

  async followers(userId: string, query: PeopleQuery): Promise<PeoplePageView> {
    await this.requireActive(null, userId);
    return page(await this.follows.followers(userId, seqOfCursor(query.cursor), query.limit + 1), query.limit);
  }

  async following(userId: string, query: PeopleQuery): Promise<PeoplePageView> {
    await this.requireActive(null, userId);
    return page(await this.follows.following(userId, seqOfCursor(query.cursor), query.limit + 1), query.limit);
  }

  private async requireActive(viewerId: string | null, userId: string): Promise<FollowView & { suspended: boolean }> {
    const state = await this.follows.state(viewerId, userId);
    if (!state) throw new NotFoundError(Messages.users.notFound);
    return state;
  }
}

/** A page of people from rows read one past the limit (see keysetPage). */
function page(rows: FollowListRow[], limit: number): PeoplePageView {
  const { rows: shown, nextCursor } = keysetPage(rows, limit);
  return { people: shown.map(({ seq: _seq, ...person }) => person), nextCursor };
}
