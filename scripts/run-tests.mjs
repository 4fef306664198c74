// `npm test`: typechecks and lints (either failing stops the run), builds, runs the Jest tiers (unit,
// api e2e, workflow), then the Playwright journeys in Chromium, and prints one summary line. Browser
// tests that are skipped or missing fail the run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const run = (command, args, env = {}) => spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

mkdirSync('test-results', { recursive: true });
for (const file of ['test-results/jest.json', 'test-results/browser.json']) rmSync(file, { force: true });

// Both checks run (so one run reports every type and lint error) before any suite.
const checks = [
  ['typecheck', 'Type errors'],
  ['lint', 'Lint errors'],
].flatMap(([script, problem]) => {
  const started = Date.now();
  const status = run('npm', ['run', script, '--silent']);
  console.log(`npm run ${script}: ${status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return status === 0 ? [] : [`${problem} (npm run ${script})`];
});
if (checks.length > 0) {
  for (const problem of checks) console.error(`FAILED: ${problem}`);
  console.error('Fix them before the suites run.');
  process.exit(1);
}

if (run('npm', ['run', 'build', '--silent']) !== 0) {
  console.error('Build failed.');
  process.exit(1);
}

// One Firebase Auth emulator for every suite (Google and phone sign-in); tests that run alone start their own.
const { freeEmulatorPorts, startAuthEmulator } = await import('../dist/scripts/auth-emulator.js');
let emulator;
try {
  emulator = await startAuthEmulator('demo-tribe', await freeEmulatorPorts());
  process.env.TRIBE_TEST_AUTH_EMULATOR_HOST = emulator.host;
} catch (error) {
  // Each test that needs one then tries to start its own, and says why it cannot.
  console.error(`The Firebase Auth emulator did not start for the run: ${error.message}`);
}

run(process.execPath, [
  '--experimental-vm-modules',
  'node_modules/jest/bin/jest.js',
  '--ci',
  '--json',
  '--outputFile=test-results/jest.json',
  // Two in-process API apps of the api tier stay listening after their close (under investigation:
  // see the issue 13 note); the results are written by then, so Jest is told not to wait for them.
  '--forceExit',
]);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) run('npx', ['playwright', 'test']);
else console.error(`Chromium not found at ${chromium}: install it with apt-get install -y chromium.`);

await emulator?.stop();

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const jest = read('test-results/jest.json');
const browser = read('test-results/browser.json');

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];

if (jest) {
  passed += jest.numPassedTests;
  failed += jest.numFailedTests;
  skipped += jest.numPendingTests + jest.numTodoTests;
  if (jest.numFailedTestSuites > 0 && jest.numFailedTests === 0) problems.push(`${jest.numFailedTestSuites} Jest suite(s) failed to run`);
} else {
  problems.push('Jest produced no results');
}

if (browser) {
  const stats = browser.stats;
  const browserPassed = stats.expected + stats.flaky;
  passed += browserPassed;
  failed += stats.unexpected;
  skipped += stats.skipped;
  if (stats.skipped > 0) problems.push(`${stats.skipped} browser test(s) were skipped`);
  if (browserPassed + stats.unexpected === 0) problems.push('no browser test ran');
  if (browser.errors?.length) problems.push(`Playwright reported errors: ${browser.errors.map((error) => error.message).join('; ')}`);
} else {
  problems.push('the browser tests did not run');
}

for (const problem of problems) console.error(`FAILED: ${problem}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
