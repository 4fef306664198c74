import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { EVENT_LIST_PAGE_SIZE, pageQuerySchema, type PageQuery } from '../../contracts/event.contract.js';
import { uuidParam, ZParams, ZQuery } from '../../platform/http/zod.js';
import { InfluencersService } from './influencers.service.js';

/** `users/influencers` is a static path, so the router prefers it over `users/:id`. */
@ApiTags('users')
@ApiBearerAuth()
@Controller('users/influencers')
export class InfluencersController {
  constructor(private readonly influencers: InfluencersService) {}

  @Get()
  list(@ZQuery(pageQuerySchema(EVENT_LIST_PAGE_SIZE)) query: PageQuery) {
    return this.influencers.list(query);
  }

  @Get(':id')
  profile(@ZParams(uuidParam) params: { id: string }) {
    return this.influencers.profile(params.id);
  }
}
