import { Redis } from 'ioredis';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from './node-process.js';
import { waitUntil } from './poll.js';

/** A Redis server of the test's own (keeping nothing on disk), so it may empty it at will. */
export interface OwnRedis {
  url: string;
  flushAll: () => Promise<void>;
  /** Stops the server (its data goes with it); clients see Redis away until `startAgain()`. */
  shutDown: () => Promise<void>;
  /** Starts the server again, empty, on the same port. */
  startAgain: () => Promise<void>;
  stop: () => Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const client = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
  client.on('error', () => undefined);
  let server: ChildProcess | undefined;

  const start = async () => {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitUntil(async () => (await client.ping().catch(() => undefined)) === 'PONG', 'the test Redis to start', 10_000);
  };
  const shutDown = async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      await exited;
    }
  };

  await start();
  return {
    url,
    flushAll: async () => void (await client.flushall()),
    shutDown,
    startAgain: start,
    stop: async () => {
      client.disconnect();
      await shutDown();
    },
  };
}
