import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, Not } from 'typeorm';
import { Messages } from '../../contracts/messages.js';
import { type RegisterInput } from '../../contracts/user.contract.js';
import { uniqueViolation } from '../../platform/database/unique-violation.js';
import { ConflictError, UnauthorizedError } from '../../platform/http/domain-error.js';
import { User } from '../users/entities/user.entity.js';
import { profileFieldsToEntity } from '../users/profile-fields.js';
import { profileConflict } from '../users/users.errors.js';
import { toSelfUser } from '../users/user.views.js';
import { AuthThrottle } from './auth-throttle.service.js';
import { hashPassword, verifyPassword } from './password.js';
import { SessionsService } from './sessions.service.js';

@Injectable()
export class AuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsService,
    private readonly throttle: AuthThrottle,
  ) {}

  async register(input: RegisterInput, ip: string) {
    await this.throttle.admitRegistration(ip);
    const { email, password, ...profile } = input;
    const users = this.dataSource.getRepository(User);
    if (await users.exists({ where: { email } })) throw new ConflictError(Messages.auth.emailTaken);
    const passwordHash = await hashPassword(password);
    try {
      return await this.dataSource.transaction(async (tx) => {
        const { identifiers } = await tx.insert(User, { ...profileFieldsToEntity(profile), email, passwordHash });
        const user = await tx.findOneByOrFail(User, { id: identifiers[0]!.id as string });
        return { user: toSelfUser(user), token: await this.sessions.issue(user.id, tx) };
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint) throw profileConflict(constraint);
      throw error;
    }
  }

  async login(email: string, password: string, ip: string) {
    await this.throttle.admit(email, ip);
    const user = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.email = :email', { email })
      .getOne();
    const valid = await verifyPassword(password, user?.passwordHash ?? null);
    // Both refusals stay counted as failures (admit counted them already).
    if (!user || !valid) throw new UnauthorizedError(Messages.auth.invalidCredentials);
    if (user.deletedAt) throw new UnauthorizedError(Messages.auth.accountDeleted);
    await this.throttle.succeeded(email, ip);
    return { user: toSelfUser(user), token: await this.sessions.issue(user.id) };
  }

  async logout(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId);
  }

  /** A fresh token for the same person; the old one stops working. */
  async refresh(user: User, sessionId: string) {
    return this.dataSource.transaction(async (tx) => {
      await this.sessions.revoke(sessionId, tx);
      return { user: toSelfUser(user), token: await this.sessions.issue(user.id, tx) };
    });
  }

  /**
   * Whether phone sign-in would find an account for this number. Only a verified number counts: anyone
   * may type someone else's number into their profile, and that must not make it look taken.
   */
  async checkMobile(mobileNumber: string, ip: string) {
    await this.throttle.admitMobileCheck(ip);
    const exists = await this.dataSource
      .getRepository(User)
      .exists({ where: { mobileNumber, mobileVerifiedAt: Not(IsNull()), deletedAt: IsNull() } });
    return { exists, mobile_number: mobileNumber };
  }
}
