/**
 * `node apps/gateway/dist/src/main.js`: the gateway of cluster mode, the only public door. It
 * validates and routes; CATALOG_URL, SEARCH_URL and GEO_URL name the services (one URL, such
 * as a Kubernetes Service, or replicas separated by commas, balanced here).
 */
// First: keeps nextTick's shape alive before anything else runs (tick-shape.ts says why).
import '@mc/contracts/tick-shape';
import { EnvReader, runMain, serveMetrics } from '@mc/contracts/service';
import { createGatewayApp } from './app.js';
import { ServiceClientsModule } from './clients/port-clients.js';

runMain('gateway', async () => {
  const env = new EnvReader();
  const port = env.port('PORT', 3000);
  const host = env.string('HOST', '0.0.0.0');
  const catalog = env.urlList('CATALOG_URL');
  const search = env.urlList('SEARCH_URL');
  const geo = env.urlList('GEO_URL');
  const timeoutMs = env.integer('UPSTREAM_TIMEOUT_MS', 2000, 50, 60_000);
  const versionPollMs = env.integer('POLL_MS', 1000, 100, 600_000);
  const publicBaseUrl = env.url('PUBLIC_BASE_URL', ['http', 'https'], false);
  const metricsPort = process.env.METRICS_PORT ? env.port('METRICS_PORT', 0) : undefined;
  const logLevel = env.logLevel();
  env.done();

  const app = await createGatewayApp({ services: [ServiceClientsModule.forUrls({ catalog, search, geo, timeoutMs })], publicBaseUrl, logLevel, cacheFiles: true, versionPollMs, publicMetrics: metricsPort === undefined });
  app.enableShutdownHooks();
  await app.listen(port, host);
  if (metricsPort !== undefined) await serveMetrics(metricsPort, host);
  if (logLevel !== 'silent') console.log(`gateway: listening on ${host}:${port} (catalog ${catalog.join(' ')}, search ${search.join(' ')}, geo ${geo.join(' ')})`);
});
