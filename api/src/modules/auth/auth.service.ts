import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Messages } from '../../contracts/messages.js';
import { type ChangePasswordInput, type RegisterInput } from '../../contracts/user.contract.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { ConflictError, UnauthorizedError, ValidationError } from '../../platform/http/domain-error.js';
import { PushDevicesService } from '../notifications/push-devices.service.js';
import { UserAccounts } from '../users/user-accounts.service.js';
import { AuthThrottle } from './auth-throttle.service.js';
import { AccountSuspendedError, CurrentPasswordIncorrectError } from './auth.errors.js';
import { hashPassword, verifyPassword } from './password.js';
import { SessionConnections } from './session-connections.port.js';
import { SessionsService } from './sessions.service.js';

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: UserAccounts,
    private readonly sessions: SessionsService,
    private readonly throttle: AuthThrottle,
    private readonly pushDevices: PushDevicesService,
    private readonly connections: SessionConnections,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async register(input: RegisterInput, ip: string) {
    await this.throttle.admitRegistration(ip);
    const { email, password, ...profile } = input;
    if (await this.accounts.emailTaken(email)) throw new ConflictError(Messages.auth.emailTaken);
    const passwordHash = await hashPassword(password, this.config.PASSWORD_SCRYPT_COST);
    const created = await this.dataSource.transaction(async (tx) => {
      const user = await this.accounts.create(tx, { email, passwordHash, profile });
      return { user, token: await this.sessions.issue(user.id, tx) };
    });
    // The owner signs in from here: the address is exempt from the account's limit like a signed-in one.
    // The account exists either way; without the mark the address is only not exempt yet.
    await this.throttle.rememberAddress(email, ip).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'could not remember the sign-up address');
    });
    return created;
  }

  async login(email: string, password: string, ip: string) {
    await this.throttle.admit(email, ip);
    const account = await this.accounts.signInAccount(email);
    const valid = await verifyPassword(password, account?.passwordHash ?? null, this.config.PASSWORD_SCRYPT_COST);
    // Both refusals stay counted as failures (admit counted them already).
    if (!account || !valid) throw new UnauthorizedError(Messages.auth.invalidCredentials);
    if (account.deleted) throw new UnauthorizedError(Messages.auth.accountDeleted);
    if (account.suspended) throw new AccountSuspendedError();
    await this.throttle.succeeded(email, ip);
    return { user: account.view, token: await this.sessions.issue(account.id) };
  }

  /** Ends the session, its live connections, and the pushes to the device it registered. */
  async logout(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId);
    this.connections.closeSession(sessionId);
    await this.pushDevices.forgetSession(sessionId);
  }

  /** A fresh token for the same person; the old one stops working, and its device's pushes move to the new one. */
  async refresh(user: AuthUser, sessionId: string) {
    const view = await this.accounts.selfView(user.id);
    return this.dataSource.transaction(async (tx) => {
      await this.sessions.revoke(sessionId, tx);
      const renewed = await this.sessions.issueWithId(user.id, tx);
      await this.pushDevices.moveSession(tx, sessionId, renewed.sessionId);
      return { user: view, token: renewed.token };
    });
  }

  /**
   * Replaces the password and signs out every other session. A wrong current password counts as a
   * failed login, under the same limits (the caller's address and the account), so a stolen token
   * cannot be used to guess the password past them.
   */
  async changePassword(user: AuthUser, sessionId: string, input: ChangePasswordInput, ip: string): Promise<void> {
    const credentials = await this.accounts.credentials(user.id);
    const stored = credentials?.passwordHash ?? null;
    const email = credentials?.email ?? null;
    // Password sign-in is by email, and the throttle counts failures per email.
    if (stored === null || email === null) throw new ValidationError(Messages.users.noPasswordToChange);
    await this.throttle.admit(email, ip);
    // A wrong password stays counted as a failure (admit counted it already).
    const valid = await verifyPassword(input.current_password, stored, this.config.PASSWORD_SCRYPT_COST);
    if (!valid) throw new CurrentPasswordIncorrectError();
    await this.throttle.succeeded(email, ip);
    const passwordHash = await hashPassword(input.new_password, this.config.PASSWORD_SCRYPT_COST);
    await this.dataSource.transaction(async (tx) => {
      // Only over the hash just verified: if another change got in first, this one was made with a stale password.
      if (!(await this.accounts.replacePasswordHash(tx, user.id, stored, passwordHash))) {
        throw new CurrentPasswordIncorrectError();
      }
      await this.sessions.revokeAllOthersForUser(user.id, sessionId, tx);
    });
    this.connections.closeAllOf(user.id, sessionId);
  }

  /**
   * Whether phone sign-in would find an account for this number. Only a verified number counts: anyone
   * may type someone else's number into their profile, and that must not make it look taken.
   */
  async checkMobile(mobileNumber: string, ip: string) {
    await this.throttle.admitMobileCheck(ip);
    return { exists: await this.accounts.hasVerifiedMobile(mobileNumber), mobile_number: mobileNumber };
  }
}
