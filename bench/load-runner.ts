import autocannon, { type Request } from 'autocannon';

/**
 * Runs one autocannon scenario in its own process, so the load generator does not share an event
 * loop with the servers it measures. Reads { url, connections, seconds, requests } as JSON on
 * stdin; prints the autocannon result as JSON on stdout. Each connection starts at its own place in
 * the request list, as independent users would.
 */
interface Scenario {
  url: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  requests: Request[];
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const scenario = JSON.parse(await readStdin()) as Scenario;
let next = 0;
const setupClient = (client: { setRequests(requests: Request[]): void }) => {
  const start = Math.floor((next++ * scenario.requests.length) / scenario.connections) % scenario.requests.length;
  client.setRequests([...scenario.requests.slice(start), ...scenario.requests.slice(0, start)]);
};
const options = { url: scenario.url, connections: scenario.connections, requests: scenario.requests, setupClient };
if (scenario.warmupSeconds > 0) await autocannon({ ...options, duration: scenario.warmupSeconds });
next = 0;
const result = await autocannon({ ...options, duration: scenario.seconds });
process.stdout.write(JSON.stringify(result));
