/**
 * Cluster-mode replicas follow the build the ETL last flipped `mc:current` to. No broker: a
 * replica polls the pointer every few seconds, opens a new build in the background (a catalog
 * view, a search index, a geo pack) and swaps it in only once it is whole, answering from the
 * old one meanwhile. A replica never mixes two builds in one answer: a request takes the
 * current value once and uses only it.
 */
import type { Redis } from 'ioredis';
import type { ServiceStatus } from '../catalog-port.js';
import { ProblemError } from '../problems.js';
import { REDIS_KEYS, versionOfBuildId } from '../redis-layout.js';

/** A Redis client for readers (cluster mode): fails fast while Redis is away (no offline queue), reconnects forever. */
export async function createRedisReader(url: string, name: string): Promise<Redis> {
  // Loaded here, not at the top: embedded mode, which never reads Redis, does not pay for it.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    connectionName: name,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1000,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(100 * times, 1000),
  });
  redis.on('error', () => undefined); // each command reports its own failure; status() tells the rest
  return redis;
}

export interface FollowerOptions<T> {
  redis: Redis;
  /** Reads one build; throws when it cannot (tried again at the next poll). */
  open: (buildId: string) => Promise<T>;
  intervalMs?: number;
  log?: (line: string) => void;
}

export interface Followed<T> {
  buildId: string;
  datasetVersion: string;
  value: T;
}

export class BuildFollower<T> {
  private loaded: Followed<T> | undefined;
  private opening: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastProblem: string | undefined = 'not polled yet';

  constructor(private readonly options: FollowerOptions<T>) {}

  /** The build answers come from now; undefined until one is loaded. */
  current(): Followed<T> | undefined {
    return this.loaded;
  }

  /**
   * Runs one request against the current build. No build yet is a 503 problem; a failure that
   * is not a problem of the request (Redis away) is a 503 too, never a 500.
   */
  async use<R>(service: string, ask: (value: T) => Promise<R>): Promise<R> {
    const current = this.loaded;
    if (!current) throw new ProblemError('unavailable', `the ${service} service has no dataset yet: ${this.lastProblem ?? 'loading'}`);
    try {
      return await ask(current.value);
    } catch (error) {
      if (error instanceof ProblemError) throw error;
      throw new ProblemError('unavailable', `the ${service} service cannot read its store: ${(error as Error).message}`);
    }
  }

  /**
   * Ready once a build is loaded; with `needsRedis` (a service that reads Redis per request)
   * only while Redis answers too.
   */
  status(needsRedis: boolean): ServiceStatus {
    const redisDown = this.options.redis.status !== 'ready';
    const detail = redisDown ? `Redis is ${this.options.redis.status}` : this.lastProblem;
    return { ready: this.loaded !== undefined && !(needsRedis && redisDown), datasetVersion: this.loaded?.datasetVersion ?? null, ...(detail ? { detail } : {}) };
  }

  /** Why the follower is behind or not ready, if it is. */
  problem(): string | undefined {
    return this.lastProblem;
  }

  /** Polls once now (waiting a little for Redis, then for the first build to open), then every interval. */
  async start(): Promise<void> {
    const { redis } = this.options;
    if (redis.status !== 'ready') {
      await new Promise<void>((done) => {
        const timer = setTimeout(done, 3000);
        redis.once('ready', () => {
          clearTimeout(timer);
          done();
        });
      });
    }
    await this.poll();
    this.timer = setInterval(() => void this.poll(), this.options.intervalMs ?? 2000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** One look at the pointer; opens and swaps in a build it has not loaded yet. */
  async poll(): Promise<void> {
    let pointer: string | null;
    try {
      pointer = await this.options.redis.get(REDIS_KEYS.current);
    } catch (error) {
      this.lastProblem = `Redis does not answer: ${(error as Error).message}`;
      return;
    }
    if (!pointer) {
      this.lastProblem = `${REDIS_KEYS.current} is unset: no build has been loaded (npm run etl -- --redis)`;
      return;
    }
    if (pointer === this.loaded?.buildId || pointer === this.opening) {
      if (pointer === this.loaded?.buildId) this.lastProblem = undefined;
      return;
    }
    this.opening = pointer;
    try {
      const value = await this.options.open(pointer);
      this.loaded = { buildId: pointer, datasetVersion: versionOfBuildId(pointer), value };
      this.lastProblem = undefined;
      this.options.log?.(`now serving build ${pointer}`);
    } catch (error) {
      this.lastProblem = `build ${pointer} could not be opened: ${(error as Error).message}`;
      this.options.log?.(this.lastProblem);
    } finally {
      this.opening = undefined;
    }
  }
}
