import { existsSync } from 'node:fs';

/**
 * The Chromium the journeys drive, from Debian's packages (never a download): CHROMIUM_PATH when set,
 * else the headless shell (`apt-get install chromium-headless-shell`), else the full browser.
 * The shell is the same Blink and V8 without the browser's own interface: on the browser tier it
 * took 230 s and 428 CPU-seconds where the full browser took 400 s and 778 (docs/testing.md).
 * scripts/run-tests.mjs looks for them in the same order.
 */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'] as const;

export const CHROMIUM_PATH: string =
  process.env.CHROMIUM_PATH ?? CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ?? CHROMIUM_CANDIDATES[1];
