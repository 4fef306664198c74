import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { peopleQuerySchema, type PeopleQuery } from '../../contracts/community.schemas.js';
import { CurrentUser, OptionalUser, Public, type AuthUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZParams, ZQuery } from '../../platform/http/zod.js';
import { FollowsService } from './follows.service.js';

@ApiTags('users')
@Controller('users')
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  @Post(':id/follow')
  @HttpCode(200)
  follow(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.follows.follow(user, params.id);
  }

  @Delete(':id/follow')
  unfollow(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.follows.unfollow(user, params.id);
  }

  @Public()
  @Get(':id/follow')
  state(@OptionalUser() viewer: AuthUser | null, @ZParams(uuidParam) params: { id: string }) {
    return this.follows.state(viewer, params.id);
  }

  @Public()
  @Get(':id/followers')
  followers(@ZParams(uuidParam) params: { id: string }, @ZQuery(peopleQuerySchema) query: PeopleQuery) {
    return this.follows.followers(params.id, query);
  }

  @Public()
  @Get(':id/following')
  following(@ZParams(uuidParam) params: { id: string }, @ZQuery(peopleQuerySchema) query: PeopleQuery) {
    return this.follows.following(params.id, query);
  }
}
