import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AnalyticsLimits } from '../../contracts/analytics.contract.js';
import { AnalyticsRate } from './analytics-rate.js';
import { AnalyticsBatchTooLargeError } from './analytics.errors.js';

/**
 * Before the schema reads a batch: the client's rate (429), then the body's size (413), so a flood
 * of oversized or malformed batches costs a counter and nothing more.
 */
@Injectable()
export class AnalyticsIntakeGuard implements CanActivate {
  constructor(private readonly rate: AnalyticsRate) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    await this.rate.take(request.ip);
    if ((request.rawBody?.length ?? 0) > AnalyticsLimits.maxBodyBytes) throw new AnalyticsBatchTooLargeError();
    return true;
  }
}
