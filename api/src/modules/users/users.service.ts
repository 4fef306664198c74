import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { Messages } from '../../contracts/messages.js';
import { type ChangePasswordInput, type ProfileFields } from '../../contracts/user.contract.js';
import { uniqueViolation } from '../../platform/database/unique-violation.js';
import { NotFoundError, ValidationError } from '../../platform/http/domain-error.js';
import { isAdmin } from '../../platform/http/auth-context.js';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import { AuthThrottle } from '../auth/auth-throttle.service.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { SessionsService } from '../auth/sessions.service.js';
import { EventsService } from '../events/events.service.js';
import { InfluencersService } from '../events/influencers.service.js';
import { User } from './entities/user.entity.js';
import { profileFieldsToEntity } from './profile-fields.js';
import { AdminRoleSwitchError, CurrentPasswordIncorrectError, profileConflict } from './users.errors.js';
import { UserDeletionRequested } from './users.events.js';
import { toPublicUser, toSelfUser } from './user.views.js';

/**
 * Typing a number never verifies it (only a one-time code does): re-sending the stored number keeps
 * its verification, any other number drops it. Compared inside the UPDATE, against the row as it is now.
 */
const KEEP_VERIFICATION_OF_SAME_NUMBER = () =>
  'CASE WHEN mobile_number IS NOT DISTINCT FROM :typedMobileNumber THEN mobile_verified_at END';

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly sessions: SessionsService,
    private readonly events: EventsService,
    private readonly influencers: InfluencersService,
    private readonly throttle: AuthThrottle,
  ) {}

  async findActive(id: string): Promise<User> {
    const user = await this.dataSource.getRepository(User).findOne({ where: { id, deletedAt: IsNull() } });
    if (!user) throw new NotFoundError(Messages.users.notFound);
    return user;
  }

  /** Others see the public view; the person themself sees everything. Hosted events are counted live. */
  async view(id: string, viewer: User) {
    const user = await this.findActive(id);
    const view = viewer.id === user.id || isAdmin(viewer) ? toSelfUser(user) : toPublicUser(user);
    return { ...view, ...(await this.influencers.hostedFields(user.id)) };
  }

  async updateProfile(user: User, fields: ProfileFields) {
    if (fields.role !== undefined && isAdmin(user)) throw new AdminRoleSwitchError();
    const changes = profileFieldsToEntity(fields);
    if (Object.keys(changes).length > 0) {
      try {
        await this.dataSource
          .createQueryBuilder()
          .update(User)
          .set(changes.mobileNumber === undefined ? changes : { ...changes, mobileVerifiedAt: KEEP_VERIFICATION_OF_SAME_NUMBER })
          .setParameter('typedMobileNumber', changes.mobileNumber)
          .where({ id: user.id })
          .execute();
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint) throw profileConflict(constraint);
        throw error;
      }
    }
    return this.view(user.id, user);
  }

  /**
   * Replaces the password and signs out every other session. A wrong current password counts as a
   * failed login for the account, so a stolen token cannot be used to guess the password past the
   * login limit.
   */
  async changePassword(user: User, sessionId: string, input: ChangePasswordInput, ip: string): Promise<void> {
    const stored = await this.storedPasswordHash(user.id);
    // Password sign-in is by email, and the throttle counts failures per email.
    if (stored === null || user.email === null) throw new ValidationError(Messages.users.noPasswordToChange);
    await this.throttle.admit(user.email, ip);
    // A wrong password stays counted as a failure (admit counted it already).
    const valid = await verifyPassword(input.current_password, stored);
    if (!valid) throw new CurrentPasswordIncorrectError();
    await this.throttle.succeeded(user.email, ip);
    const passwordHash = await hashPassword(input.new_password);
    await this.dataSource.transaction(async (tx) => {
      // Only over the hash just verified: if another change got in first, this one was made with a stale password.
      const { affected } = await tx.update(User, { id: user.id, passwordHash: stored, deletedAt: IsNull() }, { passwordHash });
      if (affected !== 1) throw new CurrentPasswordIncorrectError();
      await this.sessions.revokeAllOthersForUser(user.id, sessionId, tx);
    });
  }

  private async storedPasswordHash(id: string): Promise<string | null> {
    const user = await this.dataSource.getRepository(User).findOne({ select: { id: true, passwordHash: true }, where: { id } });
    return user?.passwordHash ?? null;
  }

  /**
   * Signs the person out everywhere, hides the account and cancels the events they were going to
   * host, all at once; the account.erase job then pseudonymises what is left, keeping the financial
   * records the law requires.
   */
  async requestDeletion(user: User): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.update(User, { id: user.id, deletedAt: IsNull() }, { deletedAt: new Date() });
      await this.sessions.revokeAllForUser(user.id, tx);
      await this.events.cancelUpcomingHostedBy(user.id, tx);
      await this.outbox.publish(tx, UserDeletionRequested, { userId: user.id });
    });
    this.events.listsChanged();
  }
}
