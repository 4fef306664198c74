import { defineConfig } from '@playwright/test';

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser). The global setup starts the
 * real stack (test/support/servers.ts: fresh database, API, workers, web) and the `baseURL`
 * fixture in test/browser/fixtures.ts points the pages at it. Run `npm run build` first.
 */
export default defineConfig({
  testDir: 'test/browser',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/browser/global-setup.ts',
  // One worker: the machine has two cores and the stack itself needs them.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/browser.json' }]],
  outputDir: 'test-results/browser-artifacts',
  use: {
    baseURL: process.env.TRIBE_WEB_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
