/**
 * `node apps/geo/dist/src/main.js`: the geo service of cluster mode, the one operators scale
 * on its own. Holds a build's geometry in memory: from Redis (REDIS_URL; following
 * `mc:current`) or from a build folder (GEO_BUILD_DIR; fixed).
 */
// First: keeps nextTick's shape alive before anything else runs (tick-shape.ts says why).
import '@mc/contracts/tick-shape';
import { GEO } from '@mc/contracts';
import { EnvReader, serveMetrics, createRedisReader, createServiceApp, runMain } from '@mc/contracts/service';
import { FollowedGeo } from './cluster/followed-geo.js';
import { GeoService } from './geo.service.js';
import { GeoInternalController } from './internal.controller.js';
import type { GeoPort } from '@mc/contracts';

runMain('geo', async () => {
  const env = new EnvReader();
  const port = env.port('PORT', 3103);
  const host = env.string('HOST', '0.0.0.0');
  const buildDir = process.env.GEO_BUILD_DIR || undefined;
  const redisUrl = env.url('REDIS_URL', ['redis', 'rediss'], buildDir === undefined);
  const intervalMs = env.integer('POLL_MS', 2000, 100, 600_000);
  const metricsPort = process.env.METRICS_PORT ? env.port('METRICS_PORT', 0) : undefined;
  const logLevel = env.logLevel();
  env.done();

  const log = (line: string) => (logLevel === 'silent' ? undefined : console.log(`geo: ${line}`));
  let geo: GeoPort;
  if (buildDir) {
    geo = GeoService.fromBuild(buildDir);
  } else {
    const followed = new FollowedGeo(await createRedisReader(redisUrl!, 'mc-geo'), { intervalMs, log });
    await followed.follower.start();
    geo = followed;
  }
  const app = await createServiceApp({ name: 'geo', controllers: [GeoInternalController], providers: [{ provide: GEO, useValue: geo }], status: () => geo.status(), logLevel, publicMetrics: metricsPort === undefined });
  app.enableShutdownHooks();
  await app.listen(port, host);
  if (metricsPort !== undefined) await serveMetrics(metricsPort, host);
  log(`listening on ${host}:${port}`);
});
