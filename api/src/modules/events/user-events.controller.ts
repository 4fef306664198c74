import { Controller, Get, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { EVENT_LIST_PAGE_SIZE, pageQuerySchema, type PageQuery } from '../../contracts/event.contract.js';
import { CurrentUser } from '../../platform/http/auth-context.js';
import { PreparedJsonInterceptor } from '../../platform/http/prepared-json.js';
import { uuidParam, ZParams, ZQuery } from '../../platform/http/zod.js';
import { type User } from '../users/entities/user.entity.js';
import { EventListingService } from './event-listing.service.js';
import { InfluencersService } from './influencers.service.js';

/**
 * The /users routes about events and hosts. `users/influencers` is a static path, so the router
 * prefers it over the users module's `users/:id`.
 */
@ApiTags('users')
@ApiBearerAuth()
@UseInterceptors(PreparedJsonInterceptor)
@Controller('users')
export class UserEventsController {
  constructor(
    private readonly listing: EventListingService,
    private readonly influencers: InfluencersService,
  ) {}

  @Get('influencers')
  influencerList(@ZQuery(pageQuerySchema(EVENT_LIST_PAGE_SIZE)) query: PageQuery) {
    return this.influencers.list(query);
  }

  @Get('influencers/:id')
  influencer(@ZParams(uuidParam) params: { id: string }) {
    return this.influencers.profile(params.id);
  }

  /** Upcoming active events the person hosts, soonest first. */
  @Get(':id/events')
  hosted(
    @CurrentUser() viewer: User,
    @ZParams(uuidParam) params: { id: string },
    @ZQuery(pageQuerySchema(EVENT_LIST_PAGE_SIZE)) query: PageQuery,
  ) {
    return this.listing.hostedBy(params.id, viewer, false, query);
  }

  /** Every event the person hosts, past ones too, latest first; cancelled ones only for the host. */
  @Get(':id/events/all')
  hostedAll(
    @CurrentUser() viewer: User,
    @ZParams(uuidParam) params: { id: string },
    @ZQuery(pageQuerySchema(EVENT_LIST_PAGE_SIZE)) query: PageQuery,
  ) {
    return this.listing.hostedBy(params.id, viewer, true, query);
  }
}
