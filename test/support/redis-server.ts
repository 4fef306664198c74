import { Redis } from 'ioredis';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from './node-process.js';
import { waitUntil } from './poll.js';

/** A Redis server of the test's own (keeping nothing on disk), so it may empty it at will. */
export interface OwnRedis {
  url: string;
  flushAll: () => Promise<void>;
  stop: () => Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  const client = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
  client.on('error', () => undefined);
  await waitUntil(async () => (await client.ping().catch(() => undefined)) === 'PONG', 'the test Redis to start', 10_000);
  return {
    url,
    flushAll: async () => void (await client.flushall()),
    stop: async () => {
      client.disconnect();
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await once(server, 'exit');
      }
    },
  };
}
