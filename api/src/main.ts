import { createApiApp } from './bootstrap.js';
import { closeOnSignals } from './platform/lifecycle.js';
import { ConfigError, parseConfig } from './platform/config/config.schema.js';

async function main() {
  const config = parseConfig();
  const app = await createApiApp(config);
  closeOnSignals(app, (message) => app.getHttpAdapter().getInstance().log.info(message));
  await app.listen({ port: config.API_PORT, host: config.API_HOST });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
