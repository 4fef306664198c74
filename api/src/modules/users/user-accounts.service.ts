import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { Messages } from '../../contracts/messages.js';
import { type ProfileFields } from '../../contracts/user.contract.js';
import { uniqueViolation } from '../../platform/database/unique-violation.js';
import { NotFoundError } from '../../platform/http/domain-error.js';
import { profileFieldsToEntity } from './profile-fields.js';
import { profileConflict } from './users.errors.js';
import { UsersRepository, type HostRatingSummary } from './users.repository.js';
import { toSelfUser, type SelfUserView } from './user.views.js';

export interface NewAccount {
  email: string;
  passwordHash: string;
  profile: ProfileFields;
}

/** What sign-in needs of the account behind an email. */
export interface SignInAccount {
  id: string;
  passwordHash: string | null;
  deleted: boolean;
  suspended: boolean;
  view: SelfUserView;
}

/** Whom a Google or phone sign-in reached: an existing account, one just linked to the proof, or a new one. */
export type ProvenSignIn =
  | { outcome: 'existing' | 'created'; view: SelfUserView }
  | { outcome: 'linked'; view: SelfUserView; passwordCleared: boolean }
  | { outcome: 'deleted' }
  | { outcome: 'suspended' };

/** What a Google sign-in proved: an email, and the name and picture Google has for it. */
export interface GoogleProof {
  email: string;
  name: string | null;
  avatarUrl: string | null;
}

/**
 * The users module's face to the modules above it: auth (accounts, credentials) and events (does
 * this person exist). They reach users only through here.
 */
@Injectable()
export class UserAccounts {
  constructor(private readonly users: UsersRepository) {}

  /** The person exists and has not deleted their account. */
  isActive(id: string): Promise<boolean> {
    return this.users.isActive(id);
  }

  /**
   * Whether the host is suspended now, their row held until `tx` ends: an event listed in `tx`
   * cannot slip past a suspension that is hiding their events at the same moment.
   */
  isSuspendedHeld(tx: EntityManager, id: string): Promise<boolean> {
    return this.users.isSuspendedHeld(tx, id);
  }

  /** 404 "User not found." unless the person exists and has not deleted their account. */
  async requireActive(id: string): Promise<void> {
    if (!(await this.users.isActive(id))) throw new NotFoundError(Messages.users.notFound);
  }

  /** The person's own view (as the login response shows it); 404 once the account is deleted. */
  async selfView(id: string): Promise<SelfUserView> {
    const user = await this.users.findActive(id);
    if (!user) throw new NotFoundError(Messages.users.notFound);
    return toSelfUser(user);
  }

  /** Who an invoice is made out to: the payer's name and location as their profile has them now. */
  invoiceRecipient(id: string): Promise<{ name: string | null; location: string | null } | undefined> {
    return this.users.billingDetails(id);
  }

  emailTaken(email: string): Promise<boolean> {
    return this.users.emailTaken(email);
  }

  /** Creates the account inside the caller's transaction; a taken email or username is a 409. */
  async create(tx: EntityManager, account: NewAccount): Promise<SelfUserView> {
    try {
      const user = await this.users.insert(tx, {
        ...profileFieldsToEntity(account.profile),
        email: account.email,
        passwordHash: account.passwordHash,
      });
      return toSelfUser(user);
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint) throw profileConflict(constraint);
      throw error;
    }
  }

  async signInAccount(email: string): Promise<SignInAccount | undefined> {
    const found = await this.users.findByEmailWithPassword(email);
    if (!found) return undefined;
    const { user } = found;
    return {
      id: user.id,
      passwordHash: found.passwordHash,
      deleted: user.deletedAt !== null,
      suspended: user.suspendedAt !== null,
      view: toSelfUser(user),
    };
  }

  credentials(id: string): Promise<{ email: string | null; passwordHash: string | null } | undefined> {
    return this.users.credentials(id);
  }

  /** Replaces the hash only if it is still `expected` (and the account not deleted); false otherwise. */
  replacePasswordHash(tx: EntityManager, id: string, expected: string, passwordHash: string): Promise<boolean> {
    return this.users.replacePasswordHash(tx, id, expected, passwordHash);
  }

  /**
   * The account of a Google sign-in, inside the caller's transaction: the one with this email (linked on
   * the first proof, which also removes a password set before it), or a new one that still needs a profile.
   */
  async signInWithGoogle(tx: EntityManager, proof: GoogleProof): Promise<ProvenSignIn> {
    const found = await this.users.findByEmailForUpdate(tx, proof.email);
    if (found?.user.deletedAt) return { outcome: 'deleted' };
    if (found?.user.suspendedAt) return { outcome: 'suspended' };
    if (found?.user.emailVerifiedAt) return { outcome: 'existing', view: toSelfUser(found.user) };
    if (found) {
      const linked = await this.users.markEmailVerified(tx, found.user.id, found.hasPassword);
      return { outcome: 'linked', view: toSelfUser(linked), passwordCleared: found.hasPassword };
    }
    const created = await this.users.insert(tx, {
      email: proof.email,
      emailVerifiedAt: new Date(),
      name: proof.name,
      avatarUrl: proof.avatarUrl,
    });
    return { outcome: 'created', view: toSelfUser(created) };
  }

  /**
   * The account of a phone sign-in, inside the caller's transaction: the live one that verified this
   * number, or a new one holding it verified. Accounts that only typed the number are never reached.
   */
  async signInWithMobile(tx: EntityManager, mobileNumber: string): Promise<ProvenSignIn> {
    const found = await this.users.findByVerifiedMobileForUpdate(tx, mobileNumber);
    if (found?.suspendedAt) return { outcome: 'suspended' };
    if (found) return { outcome: 'existing', view: toSelfUser(found) };
    const created = await this.users.insert(tx, { mobileNumber, mobileVerifiedAt: new Date() });
    return { outcome: 'created', view: toSelfUser(created) };
  }

  /**
   * Inside the caller's transaction, before it changes a host's ratings: the host's row stays locked
   * until it ends, so concurrent changes take turns and each one's average sees the others'.
   */
  lockHostRating(tx: EntityManager, hostId: string): Promise<void> {
    return this.users.lockForRating(tx, hostId);
  }

  /** The host's rating on their cards: the ratings module's average (numeric text, two decimals, or null) and count. */
  setHostRating(tx: EntityManager, hostId: string, summary: HostRatingSummary): Promise<void> {
    return this.users.setRating(tx, hostId, summary);
  }

  /** Whether phone sign-in would find an account: a verified number, not deleted. */
  hasVerifiedMobile(mobileNumber: string): Promise<boolean> {
    return this.users.hasVerifiedMobile(mobileNumber);
  }
}
