import { Controller, Get, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { EVENT_LIST_PAGE_SIZE, pageQuerySchema, type PageQuery } from '../../contracts/event.contract.js';
import { CurrentUser, type AuthUser } from '../../platform/http/auth-context.js';
import { PreparedJsonInterceptor } from '../../platform/http/prepared-json.js';
import { uuidParam, ZParams, ZQuery } from '../../platform/http/zod.js';
import { EventListingService } from './event-listing.service.js';
import { EventPageAnswer } from './event-page.answer.js';

/** The /users routes about the events a person hosts. */
@ApiTags('users')
@ApiBearerAuth()
@UseInterceptors(PreparedJsonInterceptor)
@Controller('users')
export class UserEventsController {
  constructor(private readonly listing: EventListingService) {}

  /** Upcoming active events the person hosts, soonest first. */
  @EventPageAnswer()
  @Get(':id/events')
  hosted(
    @CurrentUser() viewer: AuthUser,
    @ZParams(uuidParam) params: { id: string },
    @ZQuery(pageQuerySchema(EVENT_LIST_PAGE_SIZE)) query: PageQuery,
  ) {
    return this.listing.hostedBy(params.id, viewer, false, query);
  }

  /** Every event the person hosts, past ones too, latest first; cancelled ones only for the host. */
  @EventPageAnswer()
  @Get(':id/events/all')
  hostedAll(
    @CurrentUser() viewer: AuthUser,
    @ZParams(uuidParam) params: { id: string },
    @ZQuery(pageQuerySchema(EVENT_LIST_PAGE_SIZE)) query: PageQuery,
  ) {
    return this.listing.hostedBy(params.id, viewer, true, query);
  }
}
