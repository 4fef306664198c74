import { Controller, Delete, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  addMembersSchema,
  createRoomSchema,
  markSchema,
  messagePageQuerySchema,
  pollVoteSchema,
  sendMessageSchema,
  type AddMembersInput,
  type CreateRoomInput,
  type MarkInput,
  type MessagePageQuery,
  type PollVoteInput,
  type SendMessageInput,
} from '../../contracts/chat.schemas.js';
import { CurrentUser, type AuthUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZBody, ZParams, ZQuery } from '../../platform/http/zod.js';
import { ChatService } from './chat.service.js';

const memberParams = z.object({ id: z.uuid({ message: 'must be a valid id' }), userId: z.uuid({ message: 'must be a valid id' }) });
const messageParams = z.object({ id: z.uuid({ message: 'must be a valid id' }), mid: z.uuid({ message: 'must be a valid id' }) });

/** 201 when this call made the thing, 200 when it was already there (create-or-get, a retried send). */
const createdOr200 = (reply: FastifyReply, created: boolean) => reply.status(created ? 201 : 200);

/** The event chats over REST; the live side is the socket gateway. Access is checked in ChatService. */
@ApiTags('chat')
@ApiBearerAuth()
@Controller('chat')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  @Post('rooms')
  async createOrGet(
    @CurrentUser() user: AuthUser,
    @ZBody(createRoomSchema) body: CreateRoomInput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { room, created } = await this.chat.createOrGet(user, body);
    createdOr200(reply, created);
    return room;
  }

  @Get('rooms')
  rooms(@CurrentUser() user: AuthUser) {
    return this.chat.rooms(user);
  }

  @Get('unread')
  unread(@CurrentUser() user: AuthUser) {
    return this.chat.unreadTotals(user);
  }

  @Get('rooms/:id')
  room(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }) {
    return this.chat.room(user, id);
  }

  @Delete('rooms/:id')
  @HttpCode(204)
  async deleteRoom(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }) {
    await this.chat.deleteRoom(user, id);
  }

  @Get('rooms/:id/members')
  members(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }) {
    return this.chat.members(user, id);
  }

  @Get('rooms/:id/members/basic')
  basicMembers(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }) {
    return this.chat.basicMembers(user, id);
  }

  @Get('rooms/:id/members/details')
  memberDetails(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }) {
    return this.chat.memberDetails(user, id);
  }

  @Post('rooms/:id/members')
  @HttpCode(200)
  addMembers(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }, @ZBody(addMembersSchema) body: AddMembersInput) {
    return this.chat.addMembers(user, id, body);
  }

  @Delete('rooms/:id/members/:userId')
  @HttpCode(204)
  async removeMember(@CurrentUser() user: AuthUser, @ZParams(memberParams) { id, userId }: z.infer<typeof memberParams>) {
    await this.chat.removeMember(user, id, userId);
  }

  @Delete('rooms/:id/leave')
  @HttpCode(204)
  async leave(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }) {
    await this.chat.leave(user, id);
  }

  @Get('rooms/:id/membership')
  membership(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }) {
    return this.chat.membership(user, id);
  }

  @Get('rooms/:id/messages')
  page(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }, @ZQuery(messagePageQuerySchema) query: MessagePageQuery) {
    return this.chat.page(user, id, query);
  }

  @Post('rooms/:id/messages')
  async send(
    @CurrentUser() user: AuthUser,
    @ZParams(uuidParam) { id }: { id: string },
    @ZBody(sendMessageSchema) body: SendMessageInput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { message, created } = await this.chat.send(user, id, body);
    createdOr200(reply, created);
    return message;
  }

  @Post('rooms/:id/messages/:mid/vote')
  @HttpCode(200)
  vote(
    @CurrentUser() user: AuthUser,
    @ZParams(messageParams) { id, mid }: z.infer<typeof messageParams>,
    @ZBody(pollVoteSchema) body: PollVoteInput,
  ) {
    return this.chat.vote(user, id, mid, body);
  }

  @Post('rooms/:id/read')
  @HttpCode(200)
  read(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }, @ZBody(markSchema) body: MarkInput) {
    return this.chat.markRead(user, id, body.seq);
  }

  @Post('rooms/:id/delivered')
  @HttpCode(200)
  delivered(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }, @ZBody(markSchema) body: MarkInput) {
    return this.chat.markDelivered(user, id, body.seq);
  }

  @Get('rooms/:id/metrics')
  metrics(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }) {
    return this.chat.metrics(user, id);
  }
}
