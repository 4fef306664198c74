import { Global, Module } from '@nestjs/common';
import { OutboxMetrics } from './outbox-metrics.js';
import { OutboxRelay } from './outbox-relay.service.js';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxService } from './outbox.service.js';

@Global()
@Module({
  providers: [OutboxRepository, OutboxService, OutboxRelay, OutboxMetrics],
  exports: [OutboxRepository, OutboxService, OutboxRelay, OutboxMetrics],
})
export class OutboxModule {}
