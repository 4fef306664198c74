import { Controller, Get, Post, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { bidSchema, preAuthorizationSchema, type BidInput, type PreAuthorizationInput } from '../../contracts/payments.contract.js';
import { CurrentUser, type AuthUser } from '../../platform/http/auth-context.js';
import { PreparedJsonInterceptor } from '../../platform/http/prepared-json.js';
import { uuidParam, ZBody, ZParams } from '../../platform/http/zod.js';
import { ApplicationsService } from './applications.service.js';
import { JoinService } from './join.service.js';
import { MyEventsService } from './my-events.service.js';

/** Joining an event, and the event-side reads of applications (their paths sit under /payments, /events and /users). */
@ApiTags('applications')
@ApiBearerAuth()
@UseInterceptors(PreparedJsonInterceptor)
@Controller()
export class JoinController {
  constructor(
    private readonly join: JoinService,
    private readonly applications: ApplicationsService,
    private readonly myEvents: MyEventsService,
  ) {}

  /** A paid join: the order to pay (authorised only) and how to open the checkout. The same tempBidId again returns the same order. */
  @Post('payments/pre-authorization')
  preAuthorize(@CurrentUser() user: AuthUser, @ZBody(preAuthorizationSchema) body: PreAuthorizationInput) {
    return this.join.preAuthorize(user, body);
  }

  /** A free join: the application at once. */
  @Post('events/:id/bid')
  bid(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }, @ZBody(bidSchema) body: BidInput) {
    return this.join.applyFree(user, params.id, body);
  }

  @Get('events/:id/attendees')
  attendees(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.applications.attendees(user, params.id);
  }

  /** Events the caller applied to, each with bid_amount and bid_status. */
  @Get('users/me/events')
  mine(@CurrentUser() user: AuthUser) {
    return this.myEvents.list(user);
  }
}
