/**
 * A paced (open-loop) load generator for one list of GET paths: sends `rate` requests a second,
 * whatever the answers' speed, until its stdin closes, then prints latency figures as JSON. Paced
 * load shows how the latency people get changes while other work runs; a closed loop (autocannon's
 * fixed connections) would instead slow its own sending down and hide it. Runs in its own process so
 * it never shares an event loop with the servers it measures.
 *
 * stdin: one JSON line { url, paths, rate, headers? }, then end-of-input to stop.
 * stdout: { sent, answered, errors, non2xx, skipped, seconds, latencies } (latencies in ms, sorted).
 */
interface Plan {
  url: string;
  paths: string[];
  rate: number;
  /** Sent with every request (a session cookie, say). */
  headers?: Record<string, string>;
}

const MAX_IN_FLIGHT = 256;

const lines = (async function* () {
  let buffered = '';
  for await (const chunk of process.stdin) {
    buffered += (chunk as Buffer).toString('utf8');
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      yield buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
    }
  }
})();

const first = await lines.next();
const plan = JSON.parse(String(first.value)) as Plan;
const latencies: number[] = [];
let sent = 0;
let errors = 0;
let non2xx = 0;
let inFlight = 0;
let skipped = 0;
let stopping = false;
const settled = new Set<Promise<void>>();

async function one(path: string): Promise<void> {
  const started = performance.now();
  inFlight += 1;
  try {
    const response = await fetch(`${plan.url}${path}`, { headers: { 'accept-encoding': 'gzip', ...plan.headers } });
    await response.arrayBuffer();
    if (response.status < 200 || response.status >= 300) non2xx += 1;
    latencies.push(performance.now() - started);
  } catch {
    errors += 1;
  } finally {
    inFlight -= 1;
  }
}

const interval = 1000 / plan.rate;
const start = performance.now();
void (async () => {
  for (; !stopping; sent += 1) {
    const due = start + sent * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (stopping) break;
    if (inFlight >= MAX_IN_FLIGHT) {
      skipped += 1;
      continue;
    }
    const request = one(plan.paths[sent % plan.paths.length]!);
    settled.add(request);
    void request.finally(() => settled.delete(request));
  }
})();

// Any further input, or its end, stops the run.
await lines.next();
stopping = true;
await Promise.all([...settled]);
latencies.sort((a, b) => a - b);
const round = (ms: number) => Math.round(ms * 100) / 100;
process.stdout.write(
  JSON.stringify({
    sent,
    errors,
    non2xx,
    skipped,
    seconds: round((performance.now() - start) / 1000),
    latencies: latencies.map(round),
  }),
);
process.exit(0);
