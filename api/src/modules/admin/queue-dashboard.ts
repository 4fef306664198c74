import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Messages } from '../../contracts/messages.js';
import { QUEUE_DASHBOARD_PATH } from '../../contracts/support.contract.js';
import { toErrorResponse } from '../../platform/http/error-response.js';
import { ForbiddenError, UnauthorizedError } from '../../platform/http/domain-error.js';
import { bearerToken, canSupport, isAdmin } from '../../platform/http/auth-context.js';
import { declaredQueueNames } from '../../platform/jobs/job-definition.js';
import { type JobQueues } from '../../platform/jobs/job-queues.js';
import { type SessionsService } from '../auth/sessions.service.js';

/**
 * Bull Board for support staff and admins, behind the same bearer tokens. Support staff only look:
 * their changes to jobs go through the support page's retry and discard, which ask why and are
 * audited; Bull Board's own (retry, clean, empty, pause, add, …) are every method but GET and HEAD.
 */
const LOOKS = new Set(['GET', 'HEAD']);

export async function mountQueueDashboard(fastify: FastifyInstance, queues: JobQueues, sessions: SessionsService) {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  // Every queue the workers run, not only those with a handler in this process (the API runs none).
  createBullBoard({ queues: declaredQueueNames().map((name) => new BullMQAdapter(queues.queue(name))), serverAdapter });

  const requireSupport = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError(Messages.auth.noToken);
    const auth = await sessions.resolve(token);
    if (!auth) throw new UnauthorizedError(Messages.auth.sessionExpired);
    if (!canSupport(auth.user)) throw new ForbiddenError(Messages.auth.adminRequired);
    if (!isAdmin(auth.user) && !LOOKS.has(request.method)) throw new ForbiddenError(Messages.auth.queueDashboardReadOnly);
  };

  await fastify.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      try {
        await requireSupport(request);
      } catch (error) {
        const { status, body } = toErrorResponse(error);
        return reply.status(status).send(body);
      }
    });
    await scope.register(serverAdapter.registerPlugin() as never, { prefix: QUEUE_DASHBOARD_PATH });
  });
}
