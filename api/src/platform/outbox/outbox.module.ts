import { Global, Module } from '@nestjs/common';
import { OutboxRelay } from './outbox-relay.service.js';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxService } from './outbox.service.js';

@Global()
@Module({ providers: [OutboxRepository, OutboxService, OutboxRelay], exports: [OutboxRepository, OutboxService, OutboxRelay] })
export class OutboxModule {}
