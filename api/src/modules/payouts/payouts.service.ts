import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type EventPayoutView,
  type HostPayoutsView,
  type MarkPayoutPaidInput,
  type PayoutsSummaryView,
  type PayoutView,
  type RecordPayoutInput,
} from '../../contracts/payouts.contract.js';
import { AdminAuditLog } from '../../platform/audit/admin-audit.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { EventAdmission } from '../events/event-admission.service.js';
import { PaymentsService, type EventLedger } from '../payments/payments.service.js';
import { type Payout } from './entities/payout.entity.js';
import { distinctRates, eventAmounts, feeRatesOf, totalsOf } from './payout-math.js';
import {
  NoPaymentProfileError,
  PayoutAlreadyPaidError,
  PayoutEventNotFoundError,
  PayoutExceedsOwedError,
  PayoutNotFoundError,
} from './payouts.errors.js';
import { PayoutsRepository, type PayoutSums } from './payouts.repository.js';

const NO_PAYOUTS: PayoutSums = { pending: 0, paid: 0 };

/**
 * What each event owes its host, computed on every request from the payment ledger (through the
 * payments module) and the payouts recorded here; nothing keeps a running total. Admins record
 * payouts under a per-event lock, so two at once cannot take more than is owed.
 */
@Injectable()
export class PayoutsService {
  private readonly logger = new Logger(PayoutsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: PayoutsRepository,
    private readonly payments: PaymentsService,
    private readonly events: EventAdmission,
    private readonly audit: AdminAuditLog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** GET /payouts: the caller's own events with captured money. */
  async summaryFor(viewer: AuthUser): Promise<PayoutsSummaryView> {
    const ledger = await this.payments.ledgerByEvent({ hostId: viewer.id });
    return this.summary(await this.eventViews(ledger));
  }

  /** GET /admin/payouts: every host with captured money, most owed first. */
  async listForAdmin(): Promise<HostPayoutsView[]> {
    const ledger = await this.payments.ledgerByEvent({});
    const views = await this.eventViews(ledger);
    const hostOf = new Map(ledger.map((row) => [row.eventId, row.hostId]));
    const byHost = new Map<string, EventPayoutView[]>();
    for (const view of views) {
      const hostId = hostOf.get(view.eventId)!;
      byHost.set(hostId, [...(byHost.get(hostId) ?? []), view]);
    }
    const hostIds = [...byHost.keys()];
    const [names, profiles] = await Promise.all([this.repository.hostNames(hostIds), this.repository.withProfiles(hostIds)]);
    return hostIds
      .map((hostId) => ({
        hostId,
        hostName: names.get(hostId) ?? null,
        hasPaymentProfile: profiles.has(hostId),
        ...this.summary(byHost.get(hostId)!),
      }))
      .sort((a, b) => b.owed - a.owed || a.hostId.localeCompare(b.hostId));
  }

  /**
   * POST /admin/payouts: a pending payout of at most what the event owes its host now. The owed
   * amount is read and the payout written in one transaction holding the event's payout lock.
   */
  async record(admin: AuthUser, input: RecordPayoutInput): Promise<PayoutView> {
    // Found even once deleted: a deleted event may still owe its host what its fans paid.
    const hostId = await this.events.hostOf(input.eventId);
    if (!hostId) throw new PayoutEventNotFoundError();
    if ((await this.repository.withProfiles([hostId])).size === 0) throw new NoPaymentProfileError();
    const eventId = input.eventId;
    const payout = await this.dataSource.transaction(async (tx) => {
      await this.repository.lockEventPayouts(tx, eventId);
      const owed = await this.owedNow(tx, eventId);
      if (input.amount > owed) throw new PayoutExceedsOwedError(owed);
      const recorded = await this.repository.insert(tx, { hostId, eventId, amount: input.amount, createdBy: admin.id });
      await this.audited(tx, admin, 'payout.recorded', recorded.id, { eventId, hostId, amount: input.amount, owedBefore: owed });
      return recorded;
    });
    this.logger.log({ payoutId: payout.id, eventId: payout.eventId, amount: payout.amount, by: admin.id }, 'payout recorded');
    return toPayoutView(payout);
  }

  /**
   * POST /admin/payouts/{id}/mark-paid: once; again with the same reference answers the same payout.
   * Refunds since it was recorded may have shrunk what the event owes: a payout no longer covered
   * is refused (record a smaller one instead).
   */
  async markPaid(admin: AuthUser, id: string, input: MarkPayoutPaidInput): Promise<PayoutView> {
    const payout = await this.repository.find(id);
    if (!payout) throw new PayoutNotFoundError();
    const paid =
      payout.status === 'pending'
        ? await this.dataSource.transaction(async (tx) => {
            await this.repository.lockEventPayouts(tx, payout.eventId);
            // The pending payout is already set aside in what is owed: a negative rest means it is not covered.
            const owed = await this.owedNow(tx, payout.eventId);
            if (owed < 0) throw new PayoutExceedsOwedError(payout.amount + owed);
            const marked = await this.repository.markPaid(id, input.reference, admin.id, tx);
            if (marked) await this.audited(tx, admin, 'payout.paid', id, { amount: marked.amount, reference: input.reference });
            return marked;
          })
        : undefined;
    if (paid) {
      this.logger.log({ payoutId: id, by: admin.id }, 'payout marked paid');
      return toPayoutView(paid);
    }
    const now = (await this.repository.find(id))!;
    if (now.reference !== input.reference) throw new PayoutAlreadyPaidError();
    return toPayoutView(now);
  }

  /** What an admin did with money owed to a host, in the admin audit log, in its transaction. */
  private audited(tx: EntityManager, admin: AuthUser, action: string, payoutId: string, after: Record<string, unknown>): Promise<void> {
    return this.audit.record(tx, { adminId: admin.id, action, recordType: 'payout', recordId: payoutId, after });
  }

  private async owedNow(tx: EntityManager, eventId: string): Promise<number> {
    const [ledger] = await this.payments.ledgerByEvent({ eventId }, tx);
    if (!ledger) return 0;
    const sums = (await this.repository.sumsByEvent([eventId], tx)).get(eventId) ?? NO_PAYOUTS;
    return eventAmounts({ payments: ledger.payments, pendingPayout: sums.pending, paid: sums.paid }, this.feePercent).owed;
  }

  private async eventViews(ledger: EventLedger[]): Promise<EventPayoutView[]> {
    const eventIds = ledger.map((row) => row.eventId);
    const [sums, payouts] = await Promise.all([this.repository.sumsByEvent(eventIds), this.repository.forEvents(eventIds)]);
    return ledger.map((row) => {
      const { pending, paid } = sums.get(row.eventId) ?? NO_PAYOUTS;
      return {
        eventId: row.eventId,
        eventTitle: row.eventTitle,
        eventDate: row.eventDate.toISOString(),
        pendingPayout: pending,
        paid,
        ...eventAmounts({ payments: row.payments, pendingPayout: pending, paid }, this.feePercent),
        platformFeePercents: feeRatesOf(row.payments, this.feePercent),
        payouts: payouts.filter((payout) => payout.eventId === row.eventId).map(toPayoutView),
      };
    });
  }

  private summary(events: EventPayoutView[]): PayoutsSummaryView {
    return {
      platformFeePercent: this.feePercent,
      platformFeePercents: distinctRates(events.flatMap((event) => event.platformFeePercents)),
      ...totalsOf(events),
      events,
    };
  }

  private get feePercent(): number {
    return this.config.PLATFORM_FEE_PERCENT;
  }
}

function toPayoutView(payout: Payout): PayoutView {
  return {
    id: payout.id,
    eventId: payout.eventId,
    hostId: payout.hostId,
    amount: payout.amount,
    status: payout.status,
    reference: payout.reference,
    createdAt: payout.createdAt.toISOString(),
    paidAt: payout.paidAt?.toISOString() ?? null,
  };
}
