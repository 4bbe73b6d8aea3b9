/**
 * `node apps/catalog/dist/src/main.js`: the catalog service of cluster mode. Reads the build
 * `mc:current` names from Redis and follows it; answers the gateway on /internal/v1.
 */
// First: keeps nextTick's shape alive before anything else runs (tick-shape.ts says why).
import '@mc/contracts/tick-shape';
import { CATALOG } from '@mc/contracts';
import { EnvReader, serveMetrics, createRedisReader, createServiceApp, runMain } from '@mc/contracts/service';
import { FollowedCatalog } from './cluster/followed-catalog.js';
import { CatalogInternalController } from './internal.controller.js';

runMain('catalog', async () => {
  const env = new EnvReader();
  const port = env.port('PORT', 3101);
  const host = env.string('HOST', '0.0.0.0');
  const redisUrl = env.url('REDIS_URL', ['redis', 'rediss'], true)!;
  const intervalMs = env.integer('POLL_MS', 2000, 100, 600_000);
  const cacheBytes = env.integer('CACHE_MB', 64, 0, 65_536) * 1024 * 1024;
  const metricsPort = process.env.METRICS_PORT ? env.port('METRICS_PORT', 0) : undefined;
  const logLevel = env.logLevel();
  env.done();

  const log = (line: string) => (logLevel === 'silent' ? undefined : console.log(`catalog: ${line}`));
  const catalog = new FollowedCatalog(await createRedisReader(redisUrl, 'mc-catalog'), { intervalMs, cacheBytes, log });
  await catalog.follower.start(); // not ready (503) until a build is there; keeps polling
  const app = await createServiceApp({ name: 'catalog', controllers: [CatalogInternalController], providers: [{ provide: CATALOG, useValue: catalog }], status: () => catalog.status(), logLevel, publicMetrics: metricsPort === undefined });
  app.enableShutdownHooks();
  await app.listen(port, host);
  if (metricsPort !== undefined) await serveMetrics(metricsPort, host);
  log(`listening on ${host}:${port}${catalog.follower.current() ? `, build ${catalog.follower.current()!.buildId}` : ', waiting for a build'}`);
});
