import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { notificationText } from '../notification-text.js';
import { PushBatchPlanned } from '../notifications.events.js';
import { PushDeliveriesRepository, type DeliveryResult, type PendingDelivery } from '../push-deliveries.repository.js';
import { PushDevicesRepository } from '../push-devices.repository.js';
import { PushSender, type PushItem, type PushOutcome } from '../push/push-sender.port.js';

/**
 * Pushes sent between two records of their outcomes: what a crash can send again, per job running
 * (each repeat then replaces itself on the device: the collapse key). Half the sender's connections,
 * so a chunk still goes out in one round trip; providers take one request per push anyway.
 */
const RECORD_EVERY = 25;

/** A batch still pending this long after planning has lost its job; after a day, the news is stale. */
const DUE_AFTER_MS = 2 * 60_000;
const DUE_WITHIN_MS = 24 * 3600_000;

export const PushDeliverJob = defineJob({
  name: 'push.deliver',
  queue: 'push',
  startedBy: PushBatchPlanned,
  attempts: 6,
  backoff: { type: 'exponential', delay: 5_000 },
  concurrency: 8,
});

/** Some pushes of a batch failed for now; the job is retried (with backoff) for those only. */
export class PushesToRetryError extends Error {
  constructor(count: number, firstReason: string) {
    super(`${count} push(es) will be retried: ${firstReason}`);
  }
}

const RESULT_OF: Record<PushOutcome['status'], DeliveryResult['result']> = {
  delivered: 'delivered',
  gone: 'pruned',
  rejected: 'failed',
  retry: 'retry',
};

/**
 * The second level of the fan-out: sends a batch's pending deliveries, records each outcome, and
 * removes devices the provider says are gone. A delivered push is never sent again; a retry sends
 * only what is still pending.
 */
@Injectable()
@HandlesJob(PushDeliverJob)
export class PushDeliverHandler implements JobHandler<typeof PushDeliverJob> {
  private readonly logger = new Logger(PushDeliverHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly deliveries: PushDeliveriesRepository,
    private readonly devices: PushDevicesRepository,
    private readonly sender: PushSender,
  ) {}

  async handle({ batchId }: JobData<typeof PushDeliverJob>): Promise<void> {
    const pending = await this.deliveries.pendingOfBatch(batchId);
    const orphaned = pending.filter((delivery) => delivery.token === null);
    const sendable = pending.filter((delivery) => delivery.token !== null);
    const retries: DeliveryResult[] = [];
    await this.save(orphaned.map((delivery) => result(delivery, 'pruned', 'the device was removed')));
    for (let start = 0; start < sendable.length; start += RECORD_EVERY) {
      const chunk = sendable.slice(start, start + RECORD_EVERY);
      const outcomes = await this.sender.send(chunk.map(pushItem));
      const results = chunk.map((delivery, index) => {
        const outcome = outcomes[index] ?? { status: 'retry', reason: 'the provider gave no answer for this push' };
        return result(delivery, RESULT_OF[outcome.status], 'reason' in outcome ? outcome.reason : null);
      });
      await this.save(results, chunk);
      retries.push(...results.filter(({ result }) => result === 'retry'));
    }
    if (retries.length > 0) throw new PushesToRetryError(retries.length, retries[0]!.error ?? 'transient failure');
  }

  async findDue(limit: number) {
    return (await this.deliveries.dueBatches(DUE_AFTER_MS, DUE_WITHIN_MS, limit)).map((batchId) => ({ batchId }));
  }

  async onLastFailure({ batchId }: JobData<typeof PushDeliverJob>, error: Error): Promise<void> {
    const failed = await this.deliveries.failPending(batchId, error.message);
    this.logger.warn({ batchId, failed, err: error }, 'pushes failed after their last attempt; an admin can retry them');
  }

  /** Records the outcomes and prunes the devices that are gone, together. */
  private async save(results: DeliveryResult[], sent: PendingDelivery[] = []): Promise<void> {
    if (results.length === 0) return;
    const gone = results.flatMap((outcome, index) => (outcome.result === 'pruned' && sent[index] ? [outcome.deviceId] : []));
    await this.dataSource.transaction(async (tx) => {
      await this.deliveries.record(tx, results);
      await this.devices.prune(tx, gone);
    });
  }
}

function result(delivery: PendingDelivery, outcome: DeliveryResult['result'], error: string | null): DeliveryResult {
  return { notificationId: delivery.notificationId, deviceId: delivery.deviceId, result: outcome, error };
}

function pushItem(delivery: PendingDelivery): PushItem {
  const { title, body, link } = notificationText(delivery);
  return {
    message: {
      notificationId: delivery.notificationId,
      type: delivery.type,
      title,
      body,
      link,
      imageUrl: delivery.imageUrl,
      collapseKey: delivery.notificationId.replaceAll('-', ''),
    },
    target: { deviceId: delivery.deviceId, kind: delivery.kind, token: delivery.token!, p256dh: delivery.p256dh, auth: delivery.auth },
  };
}
