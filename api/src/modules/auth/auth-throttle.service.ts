import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { ErrorCodes } from '../../contracts/error-codes.js';
import { Messages } from '../../contracts/messages.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { TooManyRequestsError } from '../../platform/http/domain-error.js';
import { REDIS } from '../../platform/queue/queue.module.js';
import { throttledAddress } from './client-address.js';

/**
 * Admits one sign-in attempt or says how long to wait, in one step so that attempts sent in parallel
 * cannot slip past a limit while the slow hash runs.
 *
 * KEYS: 1 failures from the address, 2 failures at the account, 3 the address's failures in a row at
 * the account, 4 the address's wait for the account, 5 "the address signed in to the account recently".
 * ARGV: window (s), max per address, max per account, failures before the first wait, first wait (ms),
 * longest wait (ms).
 *
 * Returns 0 when admitted (the attempt is counted as a failure until `succeeded` says otherwise), else
 * the milliseconds to wait. A refused attempt counts nowhere.
 */
const ADMIT_SCRIPT = `
local window = tonumber(ARGV[1])
local function left(key)
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then return window * 1000 end
  return ttl
end
local wait = math.max(redis.call('PTTL', KEYS[4]), 0)
if tonumber(redis.call('GET', KEYS[1]) or '0') >= tonumber(ARGV[2]) then wait = math.max(wait, left(KEYS[1])) end
if redis.call('EXISTS', KEYS[5]) == 0 and tonumber(redis.call('GET', KEYS[2]) or '0') >= tonumber(ARGV[3]) then
  wait = math.max(wait, left(KEYS[2]))
end
if wait > 0 then return wait end
redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], window, 'NX')
redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], window, 'NX')
local inARow = redis.call('INCR', KEYS[3])
redis.call('EXPIRE', KEYS[3], window)
local free = tonumber(ARGV[4])
if inARow >= free then
  local delay = math.min(tonumber(ARGV[5]) * 2 ^ (inARow - free), tonumber(ARGV[6]))
  redis.call('SET', KEYS[4], '1', 'PX', math.floor(delay))
end
return 0`;

/**
 * The password was right: this attempt comes off the address's and the account's failures (an expired
 * window is not recreated), the address's failures in a row and its wait are forgiven, and the address
 * is remembered as one the account's owner uses. KEYS as for ADMIT_SCRIPT; ARGV: how long to remember (s).
 */
const SUCCEEDED_SCRIPT = `
for i = 1, 2 do
  if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('DECR', KEYS[i]) end
end
redis.call('DEL', KEYS[3], KEYS[4])
redis.call('SET', KEYS[5], '1', 'EX', tonumber(ARGV[1]))
return 0`;

/**
 * Limits sign-in guessing without a lockout that someone else can trigger (ASVS 2.2.1; the model is in
 * docs/decisions.md, "Login limits"):
 *
 * - per (account, address): the first LOGIN_DELAY_AFTER_FAILURES failures in a row are free, then each
 *   attempt waits LOGIN_DELAY_BASE_MS, doubling up to LOGIN_DELAY_MAX_MS (429 with Retry-After). It slows
 *   a guesser, and an owner who shares their address, without ever shutting the pair for the window;
 * - per address: LOGIN_MAX_FAILURES_PER_IP failures per window over all accounts, then 429;
 * - per account: LOGIN_MAX_FAILURES_PER_ACCOUNT failures per window from all addresses together, then
 *   429 for every address that has not signed in to the account within LOGIN_KNOWN_ADDRESS_DAYS. The
 *   config refuses delays that would let one address reach it alone.
 *
 * Also counts sign-ups and mobile-number lookups per address, and the Google and phone sign-in limits
 * (docs/decisions.md, "Google and phone sign-in").
 */
/** Counter names carry no phone number in clear (they are Redis keys anyone with access can list). */
const digest = (value: string): string => createHash('sha256').update(value).digest('base64url');

@Injectable()
export class AuthThrottle {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private loginKeys(email: string, ip: string): string[] {
    const prefix = `${this.config.QUEUE_PREFIX}:login-failures`;
    const address = throttledAddress(ip);
    // Kept for weeks, so its name is a digest rather than the email and the address in clear.
    const known = createHash('sha256').update(`${email}\n${address}`).digest('base64url');
    return [
      `${prefix}:ip:${address}`,
      `${prefix}:account:${email}`,
      `${prefix}:pair:${email}:${address}`,
      `${prefix}:wait:${email}:${address}`,
      `${this.config.QUEUE_PREFIX}:login-known:${known}`,
    ];
  }

  /** Counts this attempt as a failure until `succeeded` says otherwise; throws 429 with Retry-After when it must wait. */
  async admit(email: string, ip: string): Promise<void> {
    const c = this.config;
    const wait = Number(
      await this.redis.eval(
        ADMIT_SCRIPT,
        5,
        ...this.loginKeys(email, ip),
        c.LOGIN_FAILURE_WINDOW_SECONDS,
        c.LOGIN_MAX_FAILURES_PER_IP,
        c.LOGIN_MAX_FAILURES_PER_ACCOUNT,
        c.LOGIN_DELAY_AFTER_FAILURES,
        c.LOGIN_DELAY_BASE_MS,
        c.LOGIN_DELAY_MAX_MS,
      ),
    );
    if (wait > 0) throw new TooManyRequestsError(Messages.auth.tooManyAttempts, undefined, wait / 1000);
  }

  /** The password was right: this attempt does not count, the address's failures at the account are forgiven and it becomes known. */
  async succeeded(email: string, ip: string): Promise<void> {
    await this.redis.eval(SUCCEEDED_SCRIPT, 5, ...this.loginKeys(email, ip), this.knownSeconds());
  }

  /** The account was created from this address: its owner uses it. */
  async rememberAddress(email: string, ip: string): Promise<void> {
    await this.redis.set(this.loginKeys(email, ip)[4]!, '1', 'EX', this.knownSeconds());
  }

  private knownSeconds(): number {
    return this.config.LOGIN_KNOWN_ADDRESS_DAYS * 86_400;
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

  /**
   * Counts a request for a verification code (POST /auth/otp-attempt, before the browser asks Firebase
   * to send it): per address over all numbers, and per number from all addresses.
   */
  async admitOtpSend(mobileNumber: string, ip: string): Promise<void> {
    const c = this.config;
    const refusal = { message: Messages.auth.tooManyOtpRequests, code: ErrorCodes.identity.tooManyOtpRequests };
    await this.countPerIp('otp-sends', ip, c.OTP_SENDS_PER_IP_PER_HOUR, 3600, refusal.message, refusal.code);
    await this.countPerKey(
      `otp-sends:number:${digest(mobileNumber)}`,
      c.OTP_SENDS_PER_NUMBER_PER_HOUR,
      3600,
      refusal.message,
      refusal.code,
    );
  }

  /** Counts a phone sign-in (a verified code exchanged for a session) per address and per number. */
  async admitPhoneSignIn(mobileNumber: string, ip: string): Promise<void> {
    const c = this.config;
    const refusal = { message: Messages.auth.tooManyPhoneSignIns, code: ErrorCodes.identity.tooManyPhoneSignIns };
    await this.countPerIp('phone-sign-ins', ip, c.PHONE_SIGN_INS_PER_IP_PER_HOUR, 3600, refusal.message, refusal.code);
    await this.countPerKey(
      `phone-sign-ins:number:${digest(mobileNumber)}`,
      c.PHONE_SIGN_INS_PER_NUMBER_PER_HOUR,
      3600,
      refusal.message,
      refusal.code,
    );
  }

  /** Counts a Firebase exchange for the account: a Google or phone sign-in, or a custom token (each its own count). */
  admitExchange(kind: 'sign-in' | 'custom-token', userId: string): Promise<void> {
    const limit = this.config.FIREBASE_EXCHANGES_PER_ACCOUNT_PER_HOUR;
    return this.countPerKey(
      `firebase-${kind}s:account:${userId}`,
      limit,
      3600,
      Messages.auth.tooManyExchanges,
      ErrorCodes.identity.tooManyExchanges,
    );
  }

  private countPerIp(counter: string, ip: string, limit: number, windowSeconds: number, message: string, code?: string): Promise<void> {
    return this.countPerKey(`${counter}:ip:${throttledAddress(ip)}`, limit, windowSeconds, message, code);
  }

  private async countPerKey(counter: string, limit: number, windowSeconds: number, message: string, code?: string): Promise<void> {
    const key = `${this.config.QUEUE_PREFIX}:${counter}`;
    const results = await this.redis.multi().incr(key).expire(key, windowSeconds, 'NX').pttl(key).exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error(`${counter} throttle: the Redis transaction was aborted`);
    if (Number(results[0]![1]) > limit) throw new TooManyRequestsError(message, code, Number(results[2]![1]) / 1000);
  }
}
