import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Messages } from '../../contracts/messages.js';
import { type ProfileFields } from '../../contracts/user.contract.js';
import { uniqueViolation } from '../../platform/database/unique-violation.js';
import { isAdmin, type AuthUser } from '../../platform/http/auth-context.js';
import { NotFoundError } from '../../platform/http/domain-error.js';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import { ACCOUNT_DELETION_STEPS, type AccountDeletionStep } from './account-deletion.port.js';
import { GenderPricedBookings } from './gender-priced-bookings.port.js';
import { HostCardChanges } from './host-card-changes.port.js';
import { HostedEvents } from './hosted-events.port.js';
import { profileFieldsToEntity } from './profile-fields.js';
import { AdminRoleSwitchError, GenderLockedError, MobileNumberSignsInError, profileConflict } from './users.errors.js';
import { UserDeletionRequested } from './users.events.js';
import { UsersRepository } from './users.repository.js';
import { hostedFields, toAdminViewOfUser, toPublicUser, toSelfUser } from './user.views.js';

/** What an event card shows of its host besides the badge. */
const CARD_FIELDS = ['name', 'avatarUrl', 'instagramHandle'] as const;

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly outbox: OutboxService,
    private readonly hostedEvents: HostedEvents,
    private readonly hostCards: HostCardChanges,
    private readonly genderPricedBookings: GenderPricedBookings,
    @Inject(ACCOUNT_DELETION_STEPS) private readonly deletionSteps: AccountDeletionStep[],
  ) {}

  /** Others see the public view; the person themself sees everything. Hosted events are counted live. */
  async view(id: string, viewer: AuthUser) {
    const [user, counts] = await Promise.all([this.users.findActive(id), this.hostedEvents.listedCounts([id])]);
    if (!user) throw new NotFoundError(Messages.users.notFound);
    const view = viewer.id === user.id ? toSelfUser(user) : isAdmin(viewer) ? toAdminViewOfUser(user) : toPublicUser(user);
    return { ...view, ...hostedFields(counts.get(id) ?? 0) };
  }

  async updateProfile(user: AuthUser, fields: ProfileFields) {
    if (fields.role !== undefined && isAdmin(user)) throw new AdminRoleSwitchError();
    const changes = profileFieldsToEntity(fields);
    if (Object.keys(changes).length > 0) {
      try {
        await this.dataSource.transaction(async (tx) => {
          if (changes.mobileNumber !== undefined) await this.refuseLockingOut(tx, user.id, changes.mobileNumber);
          if (changes.gender !== undefined) await this.refuseGenderChangeWhileBooked(tx, user.id, changes.gender);
          await this.users.updateProfile(user.id, changes, tx);
        });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint) throw profileConflict(constraint);
        throw error;
      }
      if (CARD_FIELDS.some((field) => changes[field] !== undefined)) this.hostCards.changed();
    }
    return this.view(user.id, user);
  }

  /**
   * A number someone signs in with and nothing else (phone sign-in only) stays: another number would
   * drop its verification, and with it their only way back into the account.
   */
  private async refuseLockingOut(tx: EntityManager, userId: string, mobileNumber: string | null): Promise<void> {
    const signInNumber = await this.users.lockSignInNumber(tx, userId);
    if (signInNumber !== null && signInNumber !== mobileNumber) throw new MobileNumberSignsInError();
  }

  /**
   * A price set by gender holds while its booking is open: the fan cannot pay the other gender's
   * price and switch back. Setting a gender for the first time is always allowed.
   */
  private async refuseGenderChangeWhileBooked(tx: EntityManager, userId: string, gender: string | null): Promise<void> {
    const current = await this.users.lockGender(tx, userId);
    if (current === null || current === gender) return;
    if (await this.genderPricedBookings.hasOpen(userId, tx)) throw new GenderLockedError();
  }

  /**
   * Hides the account and lets every other module do its part (signing out everywhere, cancelling
   * the events the person was going to host), all at once; the account.erase job then pseudonymises
   * what is left, keeping the financial records the law requires.
   */
  async requestDeletion(user: AuthUser): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await this.users.markDeleted(tx, user.id);
      for (const step of this.deletionSteps) await step.withinDeletion(user.id, tx);
      await this.outbox.publish(tx, UserDeletionRequested, { userId: user.id });
    });
    for (const step of this.deletionSteps) step.afterDeletion?.(user.id);
  }
}
