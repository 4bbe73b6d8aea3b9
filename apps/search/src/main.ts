/**
 * `node apps/search/dist/src/main.js`: the search service of cluster mode. Follows the build
 * `mc:current` names in Redis; retrieves candidates from Meilisearch when MEILI_URL is set.
 */
// First: keeps nextTick's shape alive before anything else runs (tick-shape.ts says why).
import '@mc/contracts/tick-shape';
import { DEFAULT_MEILI_INDEX, SEARCH } from '@mc/contracts';
import { EnvReader, serveMetrics, createRedisReader, createServiceApp, runMain } from '@mc/contracts/service';
import { FollowedSearch } from './cluster/followed-search.js';
import { SearchInternalController } from './internal.controller.js';

runMain('search', async () => {
  const env = new EnvReader();
  const port = env.port('PORT', 3102);
  const host = env.string('HOST', '0.0.0.0');
  const redisUrl = env.url('REDIS_URL', ['redis', 'rediss'], true)!;
  const intervalMs = env.integer('POLL_MS', 2000, 100, 600_000);
  const meiliUrl = env.url('MEILI_URL', ['http', 'https'], false);
  const meiliTimeout = env.integer('MEILI_TIMEOUT_MS', 1000, 1, 60_000);
  const metricsPort = process.env.METRICS_PORT ? env.port('METRICS_PORT', 0) : undefined;
  const logLevel = env.logLevel();
  env.done();

  const log = (line: string) => (logLevel === 'silent' ? undefined : console.log(`search: ${line}`));
  const meili = meiliUrl ? { url: meiliUrl, apiKey: process.env.MEILI_API_KEY || undefined, indexUid: process.env.MEILI_INDEX || DEFAULT_MEILI_INDEX, timeoutMs: meiliTimeout } : undefined;
  const search = new FollowedSearch(await createRedisReader(redisUrl, 'mc-search'), { intervalMs, meili, log });
  await search.follower.start();
  const app = await createServiceApp({ name: 'search', controllers: [SearchInternalController], providers: [{ provide: SEARCH, useValue: search }], status: () => search.status(), logLevel, publicMetrics: metricsPort === undefined });
  app.enableShutdownHooks();
  await app.listen(port, host);
  if (metricsPort !== undefined) await serveMetrics(metricsPort, host);
  log(`listening on ${host}:${port}`);
});
