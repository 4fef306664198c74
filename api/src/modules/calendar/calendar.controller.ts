import { Controller, Delete, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CalendarLimits } from '../../contracts/calendar.contract.js';
import { CurrentUser, Public, type AuthUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZParams } from '../../platform/http/zod.js';
import { CalendarService } from './calendar.service.js';

/** iCalendar text, kept only by the app that asked, for a few minutes. */
function sendCalendar(reply: FastifyReply, body: string, fileName?: string) {
  const headers: Record<string, string> = {
    'content-type': 'text/calendar; charset=utf-8',
    'cache-control': `private, max-age=${CalendarLimits.cacheSeconds}`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
  // File names are letters, digits and dashes (inviteFileName): safe inside the quotes.
  if (fileName) headers['content-disposition'] = `attachment; filename="${fileName}"`;
  return reply.headers(headers).send(body);
}

/** Calendar invites and feeds (api/src/contracts/calendar.contract.ts lists the endpoints). */
@ApiTags('calendar')
@ApiBearerAuth()
@Controller()
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  @Get('events/:id/calendar.ics')
  async invite(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }, @Res() reply: FastifyReply) {
    const file = await this.calendar.invite(user, id);
    return sendCalendar(reply, file.body, file.fileName);
  }

  @Get('users/me/calendar-feed')
  feedStatus(@CurrentUser() user: AuthUser) {
    return this.calendar.feedStatus(user);
  }

  /** Makes a feed, or a new link for it: the old link stops working. */
  @Post('users/me/calendar-feed')
  createFeed(@CurrentUser() user: AuthUser) {
    return this.calendar.createFeed(user);
  }

  @Delete('users/me/calendar-feed')
  @HttpCode(204)
  async revokeFeed(@CurrentUser() user: AuthUser) {
    await this.calendar.revokeFeed(user);
  }

  /** The feed itself: the secret token is the key, so no login (calendar apps have none). */
  @Public()
  @Get('calendar/:file')
  async feed(@Param('file') file: string, @Res() reply: FastifyReply) {
    return sendCalendar(reply, await this.calendar.feed(file));
  }
}
