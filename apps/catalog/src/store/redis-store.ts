/**
 * One build as the ETL loaded it into Redis (cluster mode): static files are read per request,
 * each a hash {body, etag}, behind a cache bounded by bytes. A build's keys never change once
 * loaded, so nothing cached can go stale; a new dataset is a new build and a new store.
 */
import { BytesLru, REDIS_KEYS, ownMemory, buildKeys, contentTypeOf, type StaticFile, type UnitIndex, type UnitIndexEntry } from '@mc/contracts';
import { cacheLookups } from '@mc/contracts/service';
import type { Redis } from 'ioredis';
import type { DatasetStore } from './dataset-store.js';

/** No build is loaded, or the one named is incomplete: the catalog is not ready. */
export class BuildNotLoadedError extends Error {
  override name = 'BuildNotLoadedError';
}

const BATCH = 512;
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

export class RedisStore implements DatasetStore {
  private readonly cache: BytesLru<StaticFile>;
  private readonly lookups = cacheLookups();

  private constructor(
    private readonly redis: Redis,
    readonly buildId: string,
    readonly datasetVersion: string,
    private readonly index: readonly UnitIndexEntry[],
    cacheBytes: number,
  ) {
    this.cache = new BytesLru(cacheBytes, (file) => file.body.length);
  }

  /** The build `mc:current` names, or `buildId`; refuses one whose load was not verified. */
  static async open(redis: Redis, options: { buildId?: string; cacheBytes?: number } = {}): Promise<RedisStore> {
    const buildId = options.buildId ?? (await redis.get(REDIS_KEYS.current));
    if (!buildId) throw new BuildNotLoadedError(`Redis holds no build (${REDIS_KEYS.current} is unset); run npm run etl -- --redis`);
    const keys = buildKeys(buildId);
    const [loaded, units] = await Promise.all([redis.exists(keys.loaded), redis.getBuffer(keys.units)]);
    if (loaded !== 1 || !units) throw new BuildNotLoadedError(`build ${buildId} is not completely loaded in Redis`);
    const index = JSON.parse(units.toString('utf8')) as UnitIndex;
    return new RedisStore(redis, buildId, index.datasetVersion, index.units, options.cacheBytes ?? DEFAULT_CACHE_BYTES);
  }

  units(): readonly UnitIndexEntry[] {
    return this.index;
  }

  async get(path: string): Promise<StaticFile | undefined> {
    return (await this.getMany([path]))[0];
  }

  async getMany(paths: readonly string[]): Promise<Array<StaticFile | undefined>> {
    const out: Array<StaticFile | undefined> = paths.map((path) => this.cache.get(path));
    const missing = out.flatMap((file, i) => (file ? [] : [i]));
    this.lookups.inc({ cache: 'catalog-files', result: 'hit' }, paths.length - missing.length);
    this.lookups.inc({ cache: 'catalog-files', result: 'miss' }, missing.length);
    const keys = buildKeys(this.buildId);
    for (let start = 0; start < missing.length; start += BATCH) {
      const batch = missing.slice(start, start + BATCH);
      const pipeline = this.redis.pipeline();
      for (const i of batch) pipeline.hmgetBuffer(keys.file(paths[i]!), 'body', 'etag');
      const replies = (await pipeline.exec()) ?? [];
      batch.forEach((i, j) => {
        const [error, value] = replies[j] ?? [new Error('no reply from Redis')];
        if (error) throw error;
        const [body, etag] = value as Array<Buffer | null>;
        if (!body || !etag) return;
        const file: StaticFile = { path: paths[i]!, body: ownMemory(body), etag: etag.toString('utf8'), contentType: contentTypeOf(paths[i]!) };
        out[i] = file;
        this.cache.set(file.path, file);
      });
    }
    return out;
  }
}
