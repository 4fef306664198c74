import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { freePort, sliceOf, TEST_PORTS } from '../../scripts/free-port.js';

async function listenOn(port: number): Promise<Server> {
  const server = createServer();
  server.listen(port, '0.0.0.0');
  await once(server, 'listening');
  return server;
}

const close = (server: Server) => new Promise((resolve) => server.close(resolve));

/** The ports the test stacks and the Auth emulator listen on. */
describe('freePort', () => {
  it('answers ports below the range the kernel gives outgoing connections, that a server can then take', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(TEST_PORTS.lowest);
      expect(port).toBeLessThanOrEqual(TEST_PORTS.highest);
    }
    expect(TEST_PORTS.highest).toBeLessThan(32_768);
    await close(await listenOn(ports[0]!));
  });

  it('gives each test process ports of its own, so two never pick the same port before either listens', async () => {
    const slices = Array.from({ length: 32 }, (_, slot) => sliceOf(TEST_PORTS, slot));
    const sorted = [...slices].sort((a, b) => a.lowest - b.lowest);
    for (const [index, slice] of sorted.entries()) {
      expect(slice.lowest).toBeGreaterThanOrEqual(TEST_PORTS.lowest);
      expect(slice.highest).toBeLessThanOrEqual(TEST_PORTS.highest);
      expect(slice.highest - slice.lowest + 1).toBeGreaterThanOrEqual(100);
      if (index > 0) expect(slice.lowest).toBeGreaterThan(sorted[index - 1]!.highest);
    }
    // This worker's ports all come from its slice, and none is answered twice while it still has others.
    const own = sliceOf(TEST_PORTS);
    const ports: number[] = [];
    for (let i = 0; i < 60; i += 1) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(own.lowest);
      expect(port).toBeLessThanOrEqual(own.highest);
    }
  });

  it('never answers a port a server is listening on', async () => {
    // Three free ports in a row, two of them then taken: every answer is the third.
    let servers: Server[] = [];
    let lowest = 0;
    while (servers.length < 2) {
      lowest = await freePort({ lowest: TEST_PORTS.lowest, highest: TEST_PORTS.highest - 2 });
      servers = (await Promise.all([listenOn(lowest), listenOn(lowest + 1)].map((started) => started.catch(() => undefined)))).filter(
        (server): server is Server => server !== undefined,
      );
      if (servers.length < 2) await Promise.all(servers.map(close));
    }
    try {
      for (let i = 0; i < 20; i += 1) expect(await freePort({ lowest, highest: lowest + 2 })).toBe(lowest + 2);
      const third = await listenOn(lowest + 2);
      await expect(freePort({ lowest, highest: lowest + 2 })).rejects.toThrow(`no free TCP port found between ${lowest} and ${lowest + 2}`);
      await close(third);
    } finally {
      await Promise.all(servers.map(close));
    }
  });
});
