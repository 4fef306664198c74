import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../http/auth-context.js';
import { DependencyProbes, isReady } from './dependency-probes.js';
import { Readiness } from './readiness.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly probes: DependencyProbes,
    private readonly readiness: Readiness,
  ) {}

  /** PostgreSQL and Redis, for people and monitors. */
  @Public()
  @Get()
  async check(@Res({ passthrough: true }) reply: FastifyReply) {
    const [database, redis] = await Promise.all([this.probes.database(), this.probes.redisUp()]);
    const healthy = database === 'up' && redis === 'up';
    void reply.status(healthy ? 200 : 503);
    return { status: healthy ? 'ok' : 'unavailable', database, redis };
  }

  /**
   * Liveness: the process answers. It never asks PostgreSQL or Redis, so an outage of either does not
   * get every pod restarted (which would only add a cold start to the outage).
   */
  @Public()
  @Get('live')
  live() {
    return { status: 'ok' };
  }

  /** Readiness: PostgreSQL, Redis and the schema this build expects; unready from the moment a shutdown begins. */
  @Public()
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    if (this.readiness.draining) {
      void reply.status(503);
      return { status: 'shutting down' };
    }
    const report = await this.probes.report();
    const ready = isReady(report);
    void reply.status(ready ? 200 : 503);
    return { status: ready ? 'ok' : 'unavailable', ...report };
  }
}
