import type { FastifyInstance } from 'fastify';
import { Histogram } from 'prom-client';
import { type Metrics } from './metrics.js';

/** Route patterns only ('/api/v1/events/:id'), never raw URLs: ids would make a series per request. */
const UNMATCHED_ROUTE = 'unmatched';

/** Request counts and latencies by method, route pattern and status (the count gives the rate). */
export function observeHttp(fastify: FastifyInstance, metrics: Metrics): void {
  const duration = new Histogram({
    name: 'tribe_http_request_duration_seconds',
    help: 'HTTP requests served, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics.registry],
  });
  fastify.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}
