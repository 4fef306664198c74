/** The settings that slow one address's failed logins at one account (see docs/decisions.md, "Login limits"). */
export interface LoginDelaySettings {
  /** Failures one address may make at one account before each further attempt must wait. */
  LOGIN_DELAY_AFTER_FAILURES: number;
  /** The first wait; it doubles with each further failure… */
  LOGIN_DELAY_BASE_MS: number;
  /** …up to this. */
  LOGIN_DELAY_MAX_MS: number;
  LOGIN_FAILURE_WINDOW_SECONDS: number;
}

/**
 * How long an address must wait before its next attempt at an account, once `failures` attempts have
 * failed in a row (or are still being checked): nothing for the first LOGIN_DELAY_AFTER_FAILURES - 1,
 * then LOGIN_DELAY_BASE_MS, doubling each time, up to LOGIN_DELAY_MAX_MS. The throttle's Redis script
 * computes the same.
 */
export function loginDelayMs(failures: number, settings: LoginDelaySettings): number {
  const beyond = failures - settings.LOGIN_DELAY_AFTER_FAILURES;
  if (beyond < 0) return 0;
  return Math.min(settings.LOGIN_DELAY_BASE_MS * 2 ** beyond, settings.LOGIN_DELAY_MAX_MS);
}

/**
 * The most failed logins one address can make at one account within one failure window when it tries
 * again the moment each wait ends: the guessing limit a single attacker is held to. It must stay below
 * LOGIN_MAX_FAILURES_PER_ACCOUNT, or one address alone could close the account to addresses its owner
 * has not signed in from.
 */
export function mostFailuresFromOneAddress(settings: LoginDelaySettings): number {
  const windowMs = settings.LOGIN_FAILURE_WINDOW_SECONDS * 1000;
  let failures = 0;
  let at = 0;
  // Attempts come at `at`; after each, the next may come once its wait is over.
  while (at < windowMs) {
    failures += 1;
    const wait = loginDelayMs(failures, settings);
    if (wait >= settings.LOGIN_DELAY_MAX_MS) {
      // From here every wait is the longest one: count the rest at once.
      return failures + Math.ceil((windowMs - at) / settings.LOGIN_DELAY_MAX_MS) - 1;
    }
    at += wait;
  }
  return failures;
}
