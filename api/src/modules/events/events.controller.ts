import { Controller, Delete, Get, HttpCode, Post, Put, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  convertToConfirmedSchema,
  createEventSchema,
  EVENT_GENERAL_LIST_LIMIT,
  EVENT_LIST_PAGE_SIZE,
  eventFilterSchema,
  pageQuerySchema,
  reportEventSchema,
  updateEventSchema,
  type ConvertToConfirmedInput,
  type CreateEventInput,
  type EventFilter,
  type PageQuery,
  type ReportEventInput,
  type UpdateEventInput,
} from '../../contracts/event.contract.js';
import { CurrentUser, OptionalUser, Public, type AuthUser } from '../../platform/http/auth-context.js';
import { PreparedJsonInterceptor } from '../../platform/http/prepared-json.js';
import { uuidParam, ZBody, ZParams, ZQuery } from '../../platform/http/zod.js';
import { EventListingService } from './event-listing.service.js';
import { EventPageAnswer } from './event-page.answer.js';
import { EventsService } from './events.service.js';

const userIdParam = z.object({ userId: z.uuid({ message: 'must be a valid id' }) });

/** Static paths (filter, public, public/filter, past-attended) win over :id in the router. */
@ApiTags('events')
@ApiBearerAuth()
@UseInterceptors(PreparedJsonInterceptor)
@Controller('events')
export class EventsController {
  constructor(
    private readonly events: EventsService,
    private readonly listing: EventListingService,
  ) {}

  @Post()
  create(@CurrentUser() user: AuthUser, @ZBody(createEventSchema) body: CreateEventInput) {
    return this.events.create(user, body);
  }

  @EventPageAnswer()
  @Get()
  list(@ZQuery(pageQuerySchema(EVENT_GENERAL_LIST_LIMIT)) query: PageQuery) {
    return this.listing.upcoming(query, 'full');
  }

  @Public()
  @EventPageAnswer()
  @Get('public')
  publicList(@ZQuery(pageQuerySchema(EVENT_LIST_PAGE_SIZE)) query: PageQuery) {
    return this.listing.upcoming(query, 'public');
  }

  @EventPageAnswer()
  @Get('filter')
  filter(@CurrentUser() user: AuthUser, @ZQuery(eventFilterSchema) query: EventFilter) {
    return this.listing.filter(query, user, 'full');
  }

  @Public()
  @EventPageAnswer()
  @Get('public/filter')
  publicFilter(@OptionalUser() viewer: AuthUser | null, @ZQuery(eventFilterSchema) query: EventFilter) {
    return this.listing.filter(query, viewer, 'public');
  }

  @EventPageAnswer()
  @Get('past-attended/:userId')
  pastAttended(@ZParams(userIdParam) params: { userId: string }, @ZQuery(pageQuerySchema(EVENT_LIST_PAGE_SIZE)) query: PageQuery) {
    return this.listing.pastAttended(params.userId, query);
  }

  /** A valid token gets the full version; a guest (or an invalid token) the public one. */
  @Public()
  @Get(':id')
  byId(@OptionalUser() viewer: AuthUser | null, @ZParams(uuidParam) params: { id: string }) {
    return this.events.view(params.id, viewer, viewer ? 'full' : 'public');
  }

  @Public()
  @Get(':id/public')
  publicById(@OptionalUser() viewer: AuthUser | null, @ZParams(uuidParam) params: { id: string }) {
    return this.events.view(params.id, viewer, 'public');
  }

  @Put(':id')
  update(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }, @ZBody(updateEventSchema) body: UpdateEventInput) {
    return this.events.update(params.id, user, body);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.events.cancel(params.id, user);
  }

  @Delete(':id')
  @HttpCode(200)
  async remove(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    await this.events.remove(params.id, user);
    return { ok: true };
  }

  @Post(':id/convert-to-confirmed')
  @HttpCode(200)
  convert(
    @CurrentUser() user: AuthUser,
    @ZParams(uuidParam) params: { id: string },
    @ZBody(convertToConfirmedSchema) body: ConvertToConfirmedInput,
  ) {
    return this.events.convertToConfirmed(params.id, user, body);
  }

  @Post(':id/report')
  report(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }, @ZBody(reportEventSchema) body: ReportEventInput) {
    return this.events.report(params.id, user, body.reason);
  }
}
