// First: keeps nextTick's shape alive before anything else runs (tick-shape.ts says why).
import '@mc/contracts/tick-shape';
import { serveMetrics } from '@mc/contracts/service';
import { readConfig } from './config.js';
import { createEmbeddedApp } from './embedded.js';

async function main(): Promise<void> {
  const config = readConfig();
  const app = await createEmbeddedApp(config, (line) => console.log(line));
  app.enableShutdownHooks();
  await app.listen(config.port, config.host);
  if (config.metricsPort !== undefined) await serveMetrics(config.metricsPort, config.host);
  console.log(`morocco-communes: serving on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/api/version.json`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
