import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { Public } from '../http/auth-context.js';
import { REDIS } from '../queue/queue.module.js';
import { withTimeout } from '../with-timeout.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Public()
  @Get()
  async check(@Res({ passthrough: true }) reply: FastifyReply) {
    const [database, redis] = await Promise.all([
      withTimeout(this.dataSource.query('SELECT 1'), 2_000, 'database timeout').then(
        () => 'up' as const,
        () => 'down' as const,
      ),
      withTimeout(this.redis.ping(), 2_000, 'redis timeout').then(
        () => 'up' as const,
        () => 'down' as const,
      ),
    ]);
    const healthy = database === 'up' && redis === 'up';
    void reply.status(healthy ? 200 : 503);
    return { status: healthy ? 'ok' : 'unavailable', database, redis };
  }
}
