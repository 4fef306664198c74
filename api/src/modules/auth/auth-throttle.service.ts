import { Inject, Injectable } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { Messages } from '../../contracts/messages.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { TooManyRequestsError } from '../../platform/http/domain-error.js';
import { REDIS } from '../../platform/queue/queue.module.js';

/** Takes one back from each counter that still exists (an expired window is not recreated). */
const RELEASE_SCRIPT = `
for _, key in ipairs(KEYS) do
  if redis.call('EXISTS', key) == 1 then redis.call('DECR', key) end
end
return 0`;

/**
 * Limits failed logins per account and per IP, and sign-ups and mobile-number lookups per IP, in fixed
 * windows; over a limit is a 429.
 *
 * Every attempt is counted *before* the password is checked (one atomic INCR per counter), so
 * guesses sent in parallel cannot all slip past the limit while the slow hash runs. A refused
 * attempt is taken back off the counters; a successful one clears the account's failures and is
 * taken back off the IP's.
 */
@Injectable()
export class AuthThrottle {
  constructor(@Inject(REDIS) private readonly redis: Redis, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private keys(email: string, ip: string) {
    const prefix = `${this.config.QUEUE_PREFIX}:login-failures`;
    return { account: `${prefix}:account:${email}`, ip: `${prefix}:ip:${ip}` };
  }

  /** Counts this attempt as a failure until `succeeded` says otherwise; throws 429 over the limit. */
  async admit(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    const window = this.config.LOGIN_FAILURE_WINDOW_SECONDS;
    const results = await this.redis
      .multi()
      .incr(keys.account)
      .expire(keys.account, window, 'NX')
      .incr(keys.ip)
      .expire(keys.ip, window, 'NX')
      .exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error('login throttle: the Redis transaction was aborted');
    const account = Number(results[0]![1]);
    const byIp = Number(results[2]![1]);
    if (account > this.config.LOGIN_MAX_FAILURES_PER_ACCOUNT || byIp > this.config.LOGIN_MAX_FAILURES_PER_IP) {
      await this.redis.eval(RELEASE_SCRIPT, 2, keys.account, keys.ip);
      throw new TooManyRequestsError(Messages.auth.tooManyAttempts);
    }
  }

  /** Counts a sign-up from this address; over REGISTRATIONS_PER_IP_PER_HOUR it is a 429. */
  admitRegistration(ip: string): Promise<void> {
    return this.countPerIp('registrations', ip, this.config.REGISTRATIONS_PER_IP_PER_HOUR, 3600, Messages.auth.tooManySignups);
  }

  /**
   * Counts a check-mobile lookup from this address. It tells whether an account exists, like a failed
   * login does, so it gets the same allowance per address (in a counter of its own).
   */
  admitMobileCheck(ip: string): Promise<void> {
    const { LOGIN_MAX_FAILURES_PER_IP: limit, LOGIN_FAILURE_WINDOW_SECONDS: window } = this.config;
    return this.countPerIp('mobile-checks', ip, limit, window, Messages.generic.tooManyRequests);
  }

  private async countPerIp(counter: string, ip: string, limit: number, windowSeconds: number, message: string): Promise<void> {
    const key = `${this.config.QUEUE_PREFIX}:${counter}:ip:${ip}`;
    const results = await this.redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error(`${counter} throttle: the Redis transaction was aborted`);
    if (Number(results[0]![1]) > limit) throw new TooManyRequestsError(message);
  }

  /** The password was right: the account's failures are forgiven and this attempt does not count. */
  async succeeded(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    await this.redis.del(keys.account);
    await this.redis.eval(RELEASE_SCRIPT, 1, keys.ip);
  }
}
