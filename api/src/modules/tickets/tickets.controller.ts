import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { checkInBatchSchema, checkInInputSchema, type CheckInBatchInput, type CheckInInput } from '../../contracts/tickets.contract.js';
import { CurrentUser, type AuthUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZBody, ZParams } from '../../platform/http/zod.js';
import { TicketsService } from './tickets.service.js';

@ApiTags('tickets')
@ApiBearerAuth()
@Controller()
export class TicketsController {
  constructor(private readonly tickets: TicketsService) {}

  /** The caller's own accepted booking's ticket: QR token, short code, event. */
  @Get('applications/:id/ticket')
  ticket(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }) {
    return this.tickets.ticketOf(user, id);
  }

  /** The event's tickets as a door device caches them (its host or an admin). */
  @Get('events/:id/check-in/tickets')
  doorTickets(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }) {
    return this.tickets.doorTickets(user, id);
  }

  @Post('events/:id/check-ins')
  @HttpCode(200)
  checkIn(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }, @ZBody(checkInInputSchema) body: CheckInInput) {
    return this.tickets.checkIn(user, id, body);
  }

  /** Check-ins a door device made offline, sent when it is back online; safe to send again. */
  @Post('events/:id/check-ins/batch')
  @HttpCode(200)
  checkInBatch(
    @CurrentUser() user: AuthUser,
    @ZParams(uuidParam) { id }: { id: string },
    @ZBody(checkInBatchSchema) body: CheckInBatchInput,
  ) {
    return this.tickets.checkInBatch(user, id, body);
  }
}
