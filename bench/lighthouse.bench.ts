import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { runBench } from './bench-processes.js';
import { firstListedEventPath, sessionCookieOf, startProduct, type RunningProduct } from './running-product.js';

/**
 * npm run bench:lighthouse
 *
 * Lighthouse 12 (its default mobile run: a mid-range phone, slow 4G, 4× CPU slowdown) against the
 * product as `npm start` runs it, seeded with the demo: /public, /event/{id}, /login and /community
 * as a guest, /home signed in as the demo's fan. Each page gets a Chromium of its own (no cache, no
 * service worker left from another page). Targets (issue 26): performance ≥ 95 and LCP ≤ 2.5 s.
 * A score has no same-run baseline to divide by, so the machine's own Lighthouse benchmark index
 * is printed beside every verdict, and the load average before and after.
 *
 *   BENCH_RUNS (1: the median run by score of this many), CHROMIUM_PATH (/usr/bin/chromium),
 *   BENCH_LIGHTHOUSE_PAGES (a comma-separated list of the pages' labels to measure, e.g. "/public,/home"; all by default),
 *   BENCH_LIGHTHOUSE_TASKS=1 (also print each run's long main-thread tasks and the scripts' boot-up
 *   time: what the Total Blocking Time is made of), BENCH_LIGHTHOUSE_JSON_DIR (each run's whole report is written
 *   there as JSON: the network requests with their priorities and times, the observed and simulated metrics)
 */

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGET_SCORE = 95;
const TARGET_LCP_MS = 2_500;
const PRINT_TASKS = process.env.BENCH_LIGHTHOUSE_TASKS === '1';
const ONLY_PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((label) => label.trim());
const JSON_DIR = process.env.BENCH_LIGHTHOUSE_JSON_DIR;
const log = (line: string) => console.log(line);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

interface PageRun {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  transferKb: number;
  benchmarkIndex: number;
  /** The long tasks and the scripts' boot-up, as lines (BENCH_LIGHTHOUSE_TASKS). */
  tasks: string[];
}

interface PageToMeasure {
  label: string;
  path: string;
  cookie?: string;
}

async function measure(url: string, cookie: string | undefined): Promise<PageRun> {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (JSON_DIR)
      await writeFile(
        join(JSON_DIR, `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'}-${Date.now()}.json`),
        JSON.stringify(lhr),
      );
    const numeric = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: numeric('largest-contentful-paint'),
      fcpMs: numeric('first-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      transferKb: numeric('total-byte-weight') / 1024,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      tasks: PRINT_TASKS ? taskLines(lhr.audits) : [],
    };
  } finally {
    chrome.kill();
  }
}

type Audits = Result['audits'];

/** What the main thread was busy with: each long task (start, duration, script), each script's boot-up, and the
 *  kinds of work (script, style and layout, paint, parsing…) that the tasks without a script are made of. */
function taskLines(audits: Audits): string[] {
  const itemsOf = (id: string) => (audits[id]?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  const name = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');
  const ms = (value: unknown) => `${Math.round(Number(value))} ms`;
  return [
    ...itemsOf('long-tasks').map((task) => `long task at ${ms(task.startTime)}: ${ms(task.duration)} ${name(task.url)}`),
    ...itemsOf('bootup-time').map(
      (script) => `boot-up ${name(script.url)}: ${ms(script.scripting)} scripting, ${ms(script.scriptParseCompile)} parse and compile`,
    ),
    ...itemsOf('mainthread-work-breakdown').map((kind) => `main thread ${String(kind.groupLabel)}: ${ms(kind.duration)}`),
  ];
}

/** Lighthouse's own failures to record a run (NO_NAVSTART, NO_FCP…) are retried this many times. */
const ATTEMPTS = 3;

async function measureWithRetries(url: string, cookie: string | undefined): Promise<PageRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(url, cookie);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      log(`  (run failed, trying again: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

/** The median run by score (the middle one of an odd count; the lower middle of an even one). */
async function medianRun(url: string, cookie: string | undefined): Promise<PageRun> {
  const runs: PageRun[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await measureWithRetries(url, cookie));
  runs.sort((a, b) => a.score - b.score);
  return runs[Math.floor((runs.length - 1) / 2)]!;
}

function report(page: PageToMeasure, run: PageRun): void {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  log(
    `  ${page.label.padEnd(14)} score ${String(run.score).padStart(3)}  LCP ${seconds(run.lcpMs)}  FCP ${seconds(run.fcpMs)}` +
      `  TBT ${Math.round(run.tbtMs)} ms  CLS ${run.cls.toFixed(3)}  ${run.transferKb.toFixed(0)} KB transferred`,
  );
  const baseline = `machine benchmark index ${Math.round(run.benchmarkIndex)}`;
  const verdict = (ok: boolean) => (ok ? 'MET   ' : 'MISSED');
  log(`  ${verdict(run.score >= TARGET_SCORE)} lighthouse ${page.label} performance: ${run.score} (target ≥ ${TARGET_SCORE}; ${baseline})`);
  log(`  ${verdict(run.lcpMs <= TARGET_LCP_MS)} lighthouse ${page.label} LCP: ${seconds(run.lcpMs)} (target ≤ 2.5 s; ${baseline})`);
  for (const line of run.tasks) log(`      ${line}`);
}

async function main(): Promise<void> {
  log(`bench:lighthouse — Lighthouse mobile, ${RUNS} run(s) a page; load average before: ${load()}`);
  let product: RunningProduct | undefined;
  try {
    product = await startProduct('lighthouse');
    const cookie = await sessionCookieOf(product.webUrl, product.people[0]!);
    const pages: PageToMeasure[] = [
      { label: '/public', path: '/public' },
      { label: '/event/{id}', path: await firstListedEventPath(product.webUrl) },
      { label: '/login', path: '/login' },
      { label: '/community', path: '/community' },
      { label: '/home', path: '/home', cookie },
    ];
    for (const page of pages.filter((candidate) => !ONLY_PAGES || ONLY_PAGES.includes(candidate.label)))
      report(page, await medianRun(`${product.webUrl}${page.path}`, page.cookie));
  } finally {
    await product?.stop();
  }
  log(`load average after: ${load()}`);
}

runBench(main);
