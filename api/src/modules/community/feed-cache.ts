import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { ListCache } from '../../platform/list-cache.js';
import { ChangeSignals, type ChangeTopic } from '../../platform/queue/change-signals.js';
import { type CommentRow, type SharedPostRow } from './community.views.js';
import { type FeedFilter } from './posts.repository.js';

const COMMUNITY_FEED: ChangeTopic = 'community-feed';

/**
 * The part of a feed page that is the same for every reader: its posts with their authors and
 * events, each post's first comments, and the cursor of the next page. Counts, likes and whether a
 * post is still readable are read fresh for each request (PostsRepository.pageState).
 */
export interface SharedFeedPage {
  rows: SharedPostRow[];
  firstComments: Map<string, CommentRow[]>;
  nextCursor: string | null;
}

/**
 * Shared feed pages, cleared by every new or changed post or comment in this process and, through a
 * change signal, in every other one. A new post or an edit is therefore seen at once by its author
 * and within milliseconds by everyone else; a renamed author or event within twice the TTL.
 */
@Injectable()
export class CommunityFeedCache implements OnModuleInit {
  private readonly pages: ListCache<SharedFeedPage>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly signals: ChangeSignals,
  ) {
    this.pages = new ListCache(config.COMMUNITY_FEED_CACHE_TTL_MS, config.COMMUNITY_FEED_CACHE_MAX_ENTRIES);
  }

  /** Not awaited: with Redis down at boot the API still starts. */
  onModuleInit(): void {
    this.signals.on(COMMUNITY_FEED, () => this.pages.clear()).catch(() => undefined);
  }

  /** The shared page of `key` (every reader's filter and cursor, no reader). */
  page(key: FeedFilter, load: () => Promise<SharedFeedPage>): Promise<SharedFeedPage> {
    return this.pages.get(`${key.beforeSeq}|${key.limit}|${key.cityKey}|${key.eventId}|${key.authorId}`, load);
  }

  /** After a post or comment was written, changed or removed: here at once, elsewhere when the announcement arrives. */
  clear(): void {
    this.pages.clear();
    this.signals.announce(COMMUNITY_FEED);
  }
}
