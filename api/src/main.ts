import { createApiApp } from './bootstrap.js';
import { closeOnSignals } from './platform/lifecycle.js';
import { ConfigError, parseConfig } from './platform/config/config.schema.js';
import { Metrics } from './platform/metrics/metrics.js';
import { startOpsServer } from './platform/metrics/ops-server.js';

async function main() {
  const config = parseConfig();
  const app = await createApiApp(config);
  const log = app.getHttpAdapter().getInstance().log;
  const metrics = app.get(Metrics);
  // Prometheus scrapes its own port, never routed publicly.
  const opsServer = await startOpsServer(config.API_HOST, config.API_METRICS_PORT, {
    '/metrics': async () => ({ status: 200, ...(await metrics.render()) }),
  });
  log.info({ port: opsServer.port }, `metrics listening on port ${opsServer.port}`);
  closeOnSignals(app, (message) => log.info(message), {
    drainMs: config.SHUTDOWN_DRAIN_MS,
    graceMs: config.SHUTDOWN_GRACE_MS,
    afterClose: opsServer.close,
  });
  await app.listen({ port: config.API_PORT, host: config.API_HOST });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
