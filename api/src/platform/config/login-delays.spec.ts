import { parseConfig } from './config.schema.js';
import { loginDelayMs, mostFailuresFromOneAddress, type LoginDelaySettings } from './login-delays.js';

const defaults: LoginDelaySettings = {
  LOGIN_DELAY_AFTER_FAILURES: 5,
  LOGIN_DELAY_BASE_MS: 1_000,
  LOGIN_DELAY_MAX_MS: 60_000,
  LOGIN_FAILURE_WINDOW_SECONDS: 3_600,
};

const configWith = (vars: Record<string, string>) => parseConfig({ NODE_ENV: 'test', ...vars });

/** The same count, one attempt at a time. */
function countOneByOne(settings: LoginDelaySettings): number {
  let failures = 0;
  for (let at = 0; at < settings.LOGIN_FAILURE_WINDOW_SECONDS * 1000; at += loginDelayMs(failures, settings)) failures += 1;
  return failures;
}

describe('loginDelayMs', () => {
  it('is free for the first failures, then doubles from the base up to the longest wait', () => {
    const waits = Array.from({ length: 14 }, (_, i) => loginDelayMs(i + 1, defaults));
    expect(waits).toEqual([0, 0, 0, 0, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000]);
    expect(loginDelayMs(10_000, defaults)).toBe(60_000);
  });
});

describe('mostFailuresFromOneAddress', () => {
  it('holds one address to 69 failed logins an hour at one account by default, under the 100 of ASVS 2.2.1', () => {
    expect(mostFailuresFromOneAddress(defaults)).toBe(69);
    expect(mostFailuresFromOneAddress(defaults)).toBeLessThan(configWith({}).LOGIN_MAX_FAILURES_PER_ACCOUNT);
  });

  it.each([
    [defaults],
    [{ ...defaults, LOGIN_DELAY_AFTER_FAILURES: 1, LOGIN_DELAY_BASE_MS: 3_600_000, LOGIN_DELAY_MAX_MS: 3_600_000 }],
    [{ ...defaults, LOGIN_DELAY_AFTER_FAILURES: 3, LOGIN_DELAY_BASE_MS: 1_200_000, LOGIN_DELAY_MAX_MS: 1_200_000 }],
    [{ ...defaults, LOGIN_DELAY_BASE_MS: 7, LOGIN_DELAY_MAX_MS: 45_000, LOGIN_FAILURE_WINDOW_SECONDS: 600 }],
    [{ ...defaults, LOGIN_DELAY_BASE_MS: 1_000, LOGIN_DELAY_MAX_MS: 1_000 }],
  ])('agrees with counting attempt by attempt (%j)', (settings) => {
    expect(mostFailuresFromOneAddress(settings)).toBe(countOneByOne(settings));
  });
});

describe('the login limits in the config', () => {
  it('refuses delays that would let one address reach the account limit alone', () => {
    expect(() => configWith({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '69' })).toThrow(
      /LOGIN_MAX_FAILURES_PER_ACCOUNT: must be more than the 69 failed logins one address can make/,
    );
    expect(() => configWith({ LOGIN_DELAY_MAX_MS: '30000' })).toThrow(/LOGIN_MAX_FAILURES_PER_ACCOUNT/);
    expect(configWith({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '70' }).LOGIN_MAX_FAILURES_PER_ACCOUNT).toBe(70);
  });

  it('refuses a longest wait shorter than the first', () => {
    expect(() => configWith({ LOGIN_DELAY_BASE_MS: '5000', LOGIN_DELAY_MAX_MS: '4000' })).toThrow(
      /LOGIN_DELAY_MAX_MS: must be at least LOGIN_DELAY_BASE_MS/,
    );
  });
});
