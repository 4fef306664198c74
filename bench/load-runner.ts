import autocannon, { type Request } from 'autocannon';

/**
 * Runs one autocannon scenario in its own process, so the load generator does not share an event
 * loop with the servers it measures. Reads { url, connections, seconds, warmupSeconds, requests } as
 * JSON on stdin (and `overallRate` to pace them); prints the autocannon result as JSON on stdout. Each connection starts at its own
 * place in the request list, as independent users would.
 *
 * autocannon times a connection's first request from when it creates the connection, and every
 * connection first deep-copies its options and builds every request of their list: with a long list
 * (20,000 likes over 50 connections) first requests waited 1–10 s before being sent. So the options
 * carry one request and setupClient the whole list, and each request is built when it is sent.
 */
interface Scenario {
  url: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  requests: Request[];
  /** Requests per second over all connections (autocannon's overallRate); flat out when absent. */
  overallRate?: number;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const scenario = JSON.parse(await readStdin()) as Scenario;
const requests: Request[] = scenario.requests.map((request) => ({ ...request, setupRequest: (built: Request) => built }));
let next = 0;
const setupClient = (client: { setRequests(requests: Request[]): void }) => {
  const start = Math.floor((next++ * requests.length) / scenario.connections) % requests.length;
  client.setRequests([...requests.slice(start), ...requests.slice(0, start)]);
};
const options = {
  url: scenario.url,
  connections: scenario.connections,
  requests: requests.slice(0, 1),
  setupClient,
  ...(scenario.overallRate ? { overallRate: scenario.overallRate } : {}),
};
if (scenario.warmupSeconds > 0) await autocannon({ ...options, duration: scenario.warmupSeconds });
next = 0;
const result = await autocannon({ ...options, duration: scenario.seconds });
process.stdout.write(JSON.stringify(result));
