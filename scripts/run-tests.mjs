// `npm test`: typechecks, lints and builds side by side (a type or lint error stops the run), runs
// the Jest tiers (unit, k8s and API e2e in parallel workers, then the workflow tier), then the
// Playwright journeys in Chromium, and ends with a table of where the time went and one summary line.
// Browser tests that are skipped or missing fail the run. docs/testing.md explains the tiers.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const RESULTS = {
  jest: 'test-results/jest.json',
  workflow: 'test-results/jest-workflow.json',
  browser: 'test-results/browser.json',
};
const SLOWEST_FILES = 15;

// Every test database of this run carries its id, is left in place as each test closes, and is
// dropped here at the end (test/support/test-config.ts).
const runId = `r${randomBytes(3).toString('hex')}`;
process.env.TRIBE_TEST_RUN = runId;

const runStarted = Date.now();
const phases = [];
const installSeconds = Number(process.env.TRIBE_INSTALL_SECONDS);
if (installSeconds > 0) phases.push({ name: 'install (npm install, by .ci/run)', seconds: installSeconds });

async function timed(name, work) {
  const started = Date.now();
  try {
    return await work();
  } finally {
    phases.push({ name, seconds: (Date.now() - started) / 1000 });
  }
}

/** Runs a command to its end; its output goes straight through, or is kept and answered when `quiet`. */
function run(command, args, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('error', (error) => resolve({ status: 1, output: `${output}${error.message}\n` }));
    child.on('close', (status) => resolve({ status: status ?? 1, output }));
  });
}

mkdirSync('test-results', { recursive: true });
for (const file of Object.values(RESULTS)) rmSync(file, { force: true });

// The checks and the build at once (each's output printed when it ends, not interleaved): the type
// check and typed ESLint in one process that builds the TypeScript programs once, Prettier, and the
// build, which does not type-check again. A failing check stops the run, so one run reports every error.
// The Firebase Auth emulator (one for every suite: Google and phone sign-in; a test run alone starts
// its own) starts as soon as the server's build is there, while the checks go on. The type check and
// lint is the longest check and one process: Prettier and the web's build, which together take about
// as long, yield it the cores (nice) rather than share them and hold it back.
let emulator;
const startEmulator = async () => {
  const { freeEmulatorPorts, startAuthEmulator } = await import('../dist/scripts/auth-emulator.js');
  try {
    emulator = await startAuthEmulator('demo-tribe', await freeEmulatorPorts());
    process.env.TRIBE_TEST_AUTH_EMULATOR_HOST = emulator.host;
  } catch (error) {
    // Each test that needs one then tries to start its own, and says why it cannot.
    console.error(`The Firebase Auth emulator did not start for the run: ${error.message}`);
  }
};
const checks = await timed('typecheck and lint, formatting, build and the Auth emulator (side by side)', () =>
  Promise.all(
    [
      { script: 'check:code', problem: 'Type or lint errors' },
      { script: 'format:check', problem: 'Formatting', yields: true },
      { script: 'build:server', problem: 'Build failed', then: startEmulator },
      { script: 'build:web', problem: 'Build failed', yields: true },
    ].map(async ({ script, problem, yields = false, then }) => {
      const started = Date.now();
      const npmRun = ['npm', 'run', script, '--silent'];
      const [command, ...args] = yields ? ['nice', '-n', '10', ...npmRun] : npmRun;
      const { status, output } = await run(command, args, { quiet: true });
      process.stdout.write(output);
      console.log(`npm run ${script}: ${status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (status !== 0) return `${problem} (npm run ${script})`;
      await then?.();
      return undefined;
    }),
  ),
);
const failedChecks = checks.filter(Boolean);
if (failedChecks.length > 0) {
  for (const problem of failedChecks) console.error(`FAILED: ${problem}`);
  console.error('Fix them before the suites run.');
  await emulator?.stop();
  process.exit(1);
}

// Test files are isolated (a database, queue prefix and ports of their own), so they run side by
// side: the unit, k8s and API tiers wait mostly on PostgreSQL and Redis, so one worker more than
// there are cores keeps both busy; so does the workflow tier, whose files wait on the real processes
// they start, kill and restart (one file per core left the cores a third idle: 99 s against 74 s
// with one more). The browser tier comes last: it keeps both cores busy by itself (run beside the workflow
// tier, each slowed the other by more than the overlap saved).
const cores = availableParallelism();
const jest = (projects, workers, outputFile) =>
  run(process.execPath, [
    '--experimental-vm-modules',
    'node_modules/jest/bin/jest.js',
    '--ci',
    '--selectProjects',
    ...projects,
    `--maxWorkers=${workers}`,
    '--json',
    `--outputFile=${outputFile}`,
  ]);
await timed('Jest: unit, k8s and API tiers', () => jest(['unit', 'k8s', 'api'], cores + 1, RESULTS.jest));
await timed('Jest: workflow tier', () => jest(['workflow'], cores + 1, RESULTS.workflow));

// The same order as test/browser/chromium.ts: CHROMIUM_PATH, Debian's headless shell, the full browser.
const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));
if (chromium && existsSync(chromium)) await timed('Playwright: browser tier', () => run('npx', ['playwright', 'test']));
else console.error(`Chromium not found: install it with apt-get install -y chromium-headless-shell (or chromium).`);

await emulator?.stop();
await timed('dropping the test databases', () => dropRunDatabases(runId));

/** Drops this run's test databases, four at a time (each drop waits on a checkpoint; concurrent ones share it). */
async function dropRunDatabases(id) {
  const { asServerAdmin, dropDatabase, withDatabaseName } = await import('../dist/api/src/platform/database/postgres-admin.js');
  const server = 'postgres://postgres@127.0.0.1:5432/postgres';
  try {
    const { rows } = await asServerAdmin(server, (admin) =>
      admin.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [`tribe_test_${id}_`]),
    );
    const names = rows.map((row) => row.datname);
    const dropNext = async () => {
      for (let name = names.pop(); name !== undefined; name = names.pop()) await dropDatabase(withDatabaseName(server, name));
    };
    await Promise.all(Array.from({ length: 4 }, dropNext));
  } catch (error) {
    console.error(`Some test databases of run ${id} were not dropped: ${error.message}`);
  }
}

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const jestResults = [read(RESULTS.jest), read(RESULTS.workflow)];
const browser = read(RESULTS.browser);

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
const fileSeconds = [];

for (const [index, results] of jestResults.entries()) {
  const tier = index === 0 ? 'unit, k8s and API' : 'workflow';
  if (!results) {
    problems.push(`Jest (${tier}) produced no results`);
    continue;
  }
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  skipped += results.numPendingTests + results.numTodoTests;
  if (results.numFailedTestSuites > 0 && results.numFailedTests === 0)
    problems.push(`${results.numFailedTestSuites} Jest suite(s) failed to run`);
  for (const file of results.testResults) fileSeconds.push({ file: file.name, seconds: (file.endTime - file.startTime) / 1000 });
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
  const testMs = (suite) =>
    (suite.specs ?? []).reduce(
      (sum, spec) => sum + spec.tests.reduce((all, test) => all + test.results.reduce((ms, result) => ms + result.duration, 0), 0),
      0,
    ) + (suite.suites ?? []).reduce((sum, child) => sum + testMs(child), 0);
  for (const suite of browser.suites) fileSeconds.push({ file: `test/browser/${suite.file}`, seconds: testMs(suite) / 1000 });
} else {
  problems.push('the browser tests did not run');
}

const root = `${process.cwd()}/`;
const row = (label, seconds) => `  ${label.padEnd(64)} ${seconds.toFixed(1).padStart(7)} s`;
console.log('\nWhere the time went');
for (const phase of phases) console.log(row(phase.name, phase.seconds));
const wall = (Date.now() - runStarted) / 1000;
console.log(row('npm test, start to end', wall));
if (installSeconds > 0) console.log(row('with the install', wall + installSeconds));
console.log(`\nThe ${SLOWEST_FILES} slowest test files (a browser file's time is its tests' time added up)`);
for (const { file, seconds } of fileSeconds.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST_FILES)) {
  console.log(row(file.replace(root, ''), seconds));
}
console.log('');

for (const problem of problems) console.error(`FAILED: ${problem}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
