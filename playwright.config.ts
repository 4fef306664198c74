import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH } from './test/browser/chromium.js';

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser). The global setup starts the
 * real stack (test/support/servers.ts: fresh database, API, workers, web) once per worker, and the
 * fixtures in test/browser/fixtures.ts point each worker's pages at its own. Run `npm run build` first.
 */
export default defineConfig({
  testDir: 'test/browser',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/browser/global-setup.ts',
  // Journeys wait on the stack more than they compute: two workers (each with its own stack) keep a
  // 2-core machine busy. A file's tests run in order in one worker; files spread over the workers.
  workers: Number(process.env.TRIBE_BROWSER_WORKERS ?? 2),
  fullyParallel: false,
  timeout: 60_000,
  // Two workers share two cores with their stacks: a page may take longer to show what a journey
  // waits for than on an idle machine. Waits poll until this deadline; they never sleep through it.
  expect: { timeout: 20_000 },
  forbidOnly: true,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/browser.json' }]],
  outputDir: 'test-results/browser-artifacts',
  use: {
    baseURL: process.env.TRIBE_WEB_URL,
    // A failed journey keeps its trace (each action, the network and the console), its screenshot
    // and each open page's HTML (test/browser/fixtures.ts). Neither the screencast nor DOM snapshots
    // at every action: each cost about a fifth of the tier's CPU, for every journey, to help the few that fail.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    // As a person who asked their system for less motion: sheets and toasts appear at once, so a
    // click does not wait for them to stop moving (the browser tier took 373 s against 420).
    // The animations themselves are checked in shell.spec.ts.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
