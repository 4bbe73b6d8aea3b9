/**
 * The catalog of cluster mode: the CatalogService of the build `mc:current` names, followed
 * as the ETL flips it. Each call takes the current build once, so one answer never mixes two.
 * A store that cannot reach Redis makes a fast 503 problem, never a hang or a 500.
 */
import { type CatalogPort, type CommuneListRequest, type DouarListRequest, type FileAnswer, type PathLookup, type ServiceStatus } from '@mc/contracts';
import { BuildFollower } from '@mc/contracts/service';
import type { Redis } from 'ioredis';
import { CatalogService } from '../catalog.service.js';
import { RedisStore } from '../store/redis-store.js';

export class FollowedCatalog implements CatalogPort {
  readonly follower: BuildFollower<CatalogService>;

  constructor(
    redis: Redis,
    options: { intervalMs?: number; cacheBytes?: number; log?: (line: string) => void } = {},
  ) {
    this.follower = new BuildFollower({
      redis,
      intervalMs: options.intervalMs,
      log: options.log,
      open: async (buildId) => CatalogService.open(await RedisStore.open(redis, { buildId, cacheBytes: options.cacheBytes })),
    });
  }

  lookup(request: PathLookup): Promise<FileAnswer> {
    return this.follower.use('catalog', (catalog) => catalog.lookup(request));
  }

  communes(request: CommuneListRequest): Promise<FileAnswer> {
    return this.follower.use('catalog', (catalog) => catalog.communes(request));
  }

  douars(request: DouarListRequest): Promise<FileAnswer> {
    return this.follower.use('catalog', (catalog) => catalog.douars(request));
  }

  /** The catalog reads Redis on every request: not ready while Redis is away. */
  async status(): Promise<ServiceStatus> {
    return this.follower.status(true);
  }
}
