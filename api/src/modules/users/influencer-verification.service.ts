import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Messages } from '../../contracts/messages.js';
import { type GovernmentIdLinkQuery, type GovernmentIdLinkView } from '../../contracts/people.contract.js';
import { AdminAuditLog } from '../../platform/audit/admin-audit.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { NotFoundError } from '../../platform/http/domain-error.js';
import { isStorageKey } from '../../platform/providers/storage/storage-keys.js';
import { STORAGE, type StoragePort, type StoredObject } from '../../platform/providers/storage/storage.port.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { opensGovernmentId, signGovernmentIdLink } from './government-id-links.js';
import { HostCardChanges } from './host-card-changes.port.js';
import { GovernmentIdLinkInvalidError, NoGovernmentIdError, NotAnInfluencerError } from './users.errors.js';
import { UsersRepository, type ModerationState } from './users.repository.js';

/**
 * An admin holding verify_influencers vouches for an influencer (the badge on their cards, event
 * pages and profile) or refuses with a reason the influencer reads in their inbox, after looking at
 * their government id through a short-lived signed link. Each decision and its audit row commit together.
 */
@Injectable()
export class InfluencerVerification {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly audit: AdminAuditLog,
    private readonly notifications: NotificationsService,
    private readonly hostCards: HostCardChanges,
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async approve(admin: AuthUser, userId: string, note: string | null | undefined): Promise<void> {
    await this.decide(userId, async (tx, person) => {
      await this.users.markVerified(tx, userId);
      await this.recordBadge(tx, admin, person, 'user.verified', note ?? null);
      if (!person.verified) await this.notifications.notify(tx, { userId, type: 'influencer_verified', link: '/profile' });
    });
  }

  async refuse(admin: AuthUser, userId: string, reason: string): Promise<void> {
    await this.decide(userId, async (tx, person) => {
      await this.users.clearVerified(tx, userId, reason);
      await this.recordBadge(tx, admin, person, 'user.verification_refused', reason);
      await this.notifications.notify(tx, {
        userId,
        type: 'verification_refused',
        title: 'Verification refused',
        body: `We could not verify your profile: ${reason}`,
        link: '/profile',
      });
    });
  }

  /** Takes the badge away without a refusal (DELETE /admin/users/{id}/verify). */
  async withdraw(admin: AuthUser, userId: string): Promise<void> {
    await this.decide(userId, async (tx, person) => {
      await this.users.clearVerified(tx, userId);
      await this.recordBadge(tx, admin, person, 'user.unverified', null);
    });
  }

  /** A link that opens the person's government id for a few minutes; opening one is audited. */
  async governmentIdLink(admin: AuthUser, userId: string): Promise<GovernmentIdLinkView> {
    const link = await this.dataSource.transaction(async (tx) => {
      const person = await this.users.lockForModeration(tx, userId);
      if (!person) throw new NotFoundError(Messages.users.notFound);
      if (!person.governmentIdUrl) throw new NoGovernmentIdError();
      await this.audit.record(tx, { adminId: admin.id, action: 'user.government_id_viewed', recordType: 'user', recordId: userId });
      return signGovernmentIdLink(this.config.INVOICE_URL_SECRET, userId, person.governmentIdUrl, new Date());
    });
    return { url: link.path, expires_at: link.expiresAt.toISOString() };
  }

  /** The file behind a signed link: only one of our stored uploads, and only while the link holds. */
  async governmentIdFile(userId: string, link: GovernmentIdLinkQuery): Promise<StoredObject & { key: string }> {
    const idUrl = (await this.users.findActive(userId))?.governmentIdUrl;
    if (!idUrl || !opensGovernmentId(this.config.INVOICE_URL_SECRET, userId, idUrl, link, new Date())) {
      throw new GovernmentIdLinkInvalidError();
    }
    const key = idUrl.slice(idUrl.lastIndexOf('/') + 1);
    const stored = isStorageKey(key) && this.storage.publicUrl(key) === idUrl ? await this.storage.read(key) : null;
    if (!stored) throw new NoGovernmentIdError();
    return { ...stored, key };
  }

  /** The decision's audit row: the badge before, and after (verified only when approved). */
  private recordBadge(tx: EntityManager, admin: AuthUser, person: ModerationState, action: string, reason: string | null) {
    return this.audit.record(tx, {
      adminId: admin.id,
      action,
      recordType: 'user',
      recordId: person.id,
      reason,
      before: { verified: person.verified, verified_at: person.verifiedAt?.toISOString() ?? null },
      after: { verified: action === 'user.verified' },
    });
  }

  /** Only influencers carry the badge; the decision runs with the person's row locked. */
  private async decide(userId: string, change: (tx: EntityManager, person: ModerationState) => Promise<void>) {
    await this.dataSource.transaction(async (tx) => {
      const person = await this.users.lockForModeration(tx, userId);
      if (!person) throw new NotFoundError(Messages.users.notFound);
      if (person.role !== 'influencer') throw new NotAnInfluencerError();
      await change(tx, person);
    });
    this.hostCards.changed();
  }
}
