/**
 * Loads a build into Redis for cluster mode (docs/design.md, "Redis"): every key under the
 * build's own prefix, written in pipelines, read back and checked against the manifest, then
 * one pointer (`mc:current`) flipped in a transaction. Builds superseded before the previous
 * one are deleted once a grace period has passed, so a replica still answering from the
 * previous build never loses its keys. The ETL is the only writer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_LAYOUT, REDIS_KEYS, buildIdOf, buildKeys, buildPrefix, strongEtag, type BuildManifest, type RedisBuildInfo } from '@mc/contracts';
import type { Redis } from 'ioredis';

export interface RedisLoadOptions {
  buildDir: string;
  /** Builds superseded longer ago than this, and older than the previous one, are deleted. */
  graceMs?: number;
  /** Write the build again even when Redis already holds it verified. */
  force?: boolean;
  log?: (line: string) => void;
  /** Runs between the write and the verify step (tests use it to damage a load). */
  beforeVerify?: () => Promise<void>;
}

export interface RedisLoadResult {
  buildId: string;
  datasetVersion: string;
  /** True when Redis already held this build and only the pointer was set. */
  reused: boolean;
  files: number;
  bytes: number;
  /** Build ids whose keys were deleted. */
  removed: string[];
}

export class RedisLoadError extends Error {
  override name = 'RedisLoadError';
}

const CHUNK = 256;
/** A load takes seconds; a lock older than this belongs to a loader that died. */
const LOCK_MS = 10 * 60_000;
export const DEFAULT_GRACE_MS = 10 * 60_000;

/** Keys matching a pattern, a batch at a time, without blocking Redis (SCAN). */
async function* scanKeys(redis: Redis, pattern: string): AsyncGenerator<string[]> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) yield keys;
  } while (cursor !== '0');
}

async function deletePrefix(redis: Redis, prefix: string): Promise<void> {
  for await (const keys of scanKeys(redis, `${prefix}*`)) await redis.unlink(...keys);
}

async function countPrefix(redis: Redis, prefix: string): Promise<number> {
  let count = 0;
  for await (const keys of scanKeys(redis, `${prefix}*`)) count += keys.length;
  return count;
}

interface BuildFiles {
  manifestBytes: Buffer;
  manifest: BuildManifest;
  extras: Record<'units' | 'searchDocuments' | 'geoPack' | 'coverage', Buffer>;
}

function readBuild(buildDir: string): BuildFiles {
  const manifestBytes = readFileSync(join(buildDir, BUILD_LAYOUT.manifest));
  return {
    manifestBytes,
    manifest: JSON.parse(manifestBytes.toString('utf8')) as BuildManifest,
    extras: {
      units: readFileSync(join(buildDir, BUILD_LAYOUT.units)),
      searchDocuments: readFileSync(join(buildDir, BUILD_LAYOUT.searchDocuments)),
      geoPack: readFileSync(join(buildDir, BUILD_LAYOUT.geoPack)),
      coverage: readFileSync(join(buildDir, BUILD_LAYOUT.coverage)),
    },
  };
}

/** Every file body and ETag as Redis holds them, against the manifest; the first few problems. */
async function verify(redis: Redis, buildId: string, build: BuildFiles): Promise<string[]> {
  const keys = buildKeys(buildId);
  const problems: string[] = [];
  const paths = Object.keys(build.manifest.files);
  for (let i = 0; i < paths.length && problems.length < 10; i += CHUNK) {
    const slice = paths.slice(i, i + CHUNK);
    const pipeline = redis.pipeline();
    for (const path of slice) pipeline.hmgetBuffer(keys.file(path), 'body', 'etag');
    const replies = (await pipeline.exec()) ?? [];
    slice.forEach((path, j) => {
      const [error, value] = replies[j] ?? [new Error('no reply')];
      const [body, etag] = (value as Array<Buffer | null>) ?? [];
      const expected = build.manifest.files[path]!.etag;
      if (error) problems.push(`${path}: ${error.message}`);
      else if (!body || !etag) problems.push(`${path}: missing`);
      else if (etag.toString() !== expected) problems.push(`${path}: ETag ${etag.toString()} is not the manifest's ${expected}`);
      else if (strongEtag(body) !== expected) problems.push(`${path}: its bytes do not hash to its ETag`);
    });
  }
  const fileKeys = await countPrefix(redis, `${buildPrefix(buildId)}f:`);
  if (fileKeys !== paths.length) problems.push(`${fileKeys} file keys, the manifest lists ${paths.length}`);
  for (const [name, bytes] of [['manifest', build.manifestBytes], ...Object.entries(build.extras)] as Array<[keyof ReturnType<typeof buildKeys>, Buffer]>) {
    const stored = await redis.getBuffer(keys[name] as string);
    if (!stored || !stored.equals(bytes)) problems.push(`${name}: not the build's bytes`);
  }
  return problems;
}

/** Flips the pointer to `buildId` and marks the build it replaces as superseded, in one transaction. */
async function flip(redis: Redis, buildId: string, info: RedisBuildInfo): Promise<string | null> {
  const previous = await redis.get(REDIS_KEYS.current);
  const transaction = redis.multi().set(REDIS_KEYS.current, buildId).hset(REDIS_KEYS.builds, buildId, JSON.stringify({ ...info, supersededAt: null }));
  if (previous && previous !== buildId) {
    const old = await redis.hget(REDIS_KEYS.builds, previous);
    if (old) transaction.hset(REDIS_KEYS.builds, previous, JSON.stringify({ ...(JSON.parse(old) as RedisBuildInfo), supersededAt: Date.now() }));
  }
  const replies = await transaction.exec();
  const failed = replies?.find(([error]) => error);
  if (!replies || failed) throw new RedisLoadError(`the pointer flip failed: ${failed?.[0]?.message ?? 'transaction aborted'}`);
  return previous;
}

/** Deletes builds that are neither current nor `keep`, superseded more than `graceMs` ago, and stray half-loads. */
async function collect(redis: Redis, keep: ReadonlySet<string>, graceMs: number, log: (l: string) => void): Promise<string[]> {
  const removed: string[] = [];
  const builds = await redis.hgetall(REDIS_KEYS.builds);
  // Keys of a build no one registered: a load that died before its flip (we hold the lock).
  const strays = new Set<string>();
  for await (const found of scanKeys(redis, 'mc:b:*')) for (const key of found) strays.add(key.slice('mc:b:'.length, key.indexOf(':', 'mc:b:'.length)));
  for (const id of strays) {
    if (keep.has(id) || id in builds) continue;
    await deletePrefix(redis, buildPrefix(id));
    removed.push(id);
    log(`etl: redis: removed the keys of an unfinished load of ${id}`);
  }
  for (const [id, raw] of Object.entries(builds)) {
    if (keep.has(id)) continue;
    const info = JSON.parse(raw) as RedisBuildInfo;
    if (info.supersededAt === null || Date.now() - info.supersededAt < graceMs) continue;
    await deletePrefix(redis, buildPrefix(id));
    await redis.hdel(REDIS_KEYS.builds, id);
    removed.push(id);
    log(`etl: redis: removed build ${id}, superseded ${Math.round((Date.now() - info.supersededAt) / 1000)} s ago`);
  }
  return removed;
}

/** One loader at a time: a second ETL run waits for nothing and says so. */
async function withLock<T>(redis: Redis, work: () => Promise<T>): Promise<T> {
  const token = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  if ((await redis.set(REDIS_KEYS.lock, token, 'PX', LOCK_MS, 'NX')) !== 'OK') {
    throw new RedisLoadError(`another ETL is loading Redis (${REDIS_KEYS.lock} is held by ${await redis.get(REDIS_KEYS.lock)}); try again when it is done`);
  }
  try {
    return await work();
  } finally {
    // Only our own lock is released (it may have expired and been taken since).
    await redis.eval("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", 1, REDIS_KEYS.lock, token);
  }
}

export function loadRedis(redis: Redis, options: RedisLoadOptions): Promise<RedisLoadResult> {
  return withLock(redis, () => loadLocked(redis, options));
}

async function loadLocked(redis: Redis, options: RedisLoadOptions): Promise<RedisLoadResult> {
  const log = options.log ?? (() => undefined);
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const build = readBuild(options.buildDir);
  const datasetVersion = build.manifest.datasetVersion;
  const buildId = buildIdOf(datasetVersion, build.manifestBytes);
  const keys = buildKeys(buildId);
  const paths = Object.keys(build.manifest.files).sort();
  let bytes = 0;

  const alreadyLoaded = !options.force && (await redis.exists(keys.loaded)) === 1 && (await verify(redis, buildId, build)).length === 0;
  if (!alreadyLoaded) {
    // A half-written earlier attempt of this build is cleared first; no reader follows it.
    if ((await redis.get(REDIS_KEYS.current)) === buildId) throw new RedisLoadError(`build ${buildId} is current but does not verify; load it with a new dataset version or flip to another build first`);
    await deletePrefix(redis, buildPrefix(buildId));
    const started = performance.now();
    for (let i = 0; i < paths.length; i += CHUNK) {
      const pipeline = redis.pipeline();
      for (const path of paths.slice(i, i + CHUNK)) {
        const body = readFileSync(join(options.buildDir, BUILD_LAYOUT.staticDir, path));
        bytes += body.length;
        pipeline.hset(keys.file(path), 'body', body, 'etag', build.manifest.files[path]!.etag);
      }
      const replies = (await pipeline.exec()) ?? [];
      const failed = replies.find(([error]) => error);
      if (failed) throw new RedisLoadError(`writing build ${buildId} failed: ${failed[0]!.message}`);
    }
    const extras = redis.pipeline().set(keys.manifest, build.manifestBytes);
    for (const [name, body] of Object.entries(build.extras)) extras.set(keys[name as keyof BuildFiles['extras']], body);
    await extras.exec();
    await options.beforeVerify?.();
    const problems = await verify(redis, buildId, build);
    if (problems.length > 0) throw new RedisLoadError(`build ${buildId} did not verify after loading, so mc:current was not moved: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}`);
    await redis.set(keys.loaded, JSON.stringify({ files: paths.length, bytes }));
    log(`etl: redis: loaded and verified build ${buildId}: ${paths.length} files, ${bytes} bytes (${((performance.now() - started) / 1000).toFixed(2)} s)`);
  } else {
    bytes = paths.reduce((n, p) => n + build.manifest.files[p]!.bytes, 0);
    log(`etl: redis: build ${buildId} is already loaded and verifies`);
  }
  const previous = await flip(redis, buildId, { datasetVersion, loadedAt: Date.now(), supersededAt: null, files: paths.length, bytes });
  log(`etl: redis: mc:current is ${buildId}${previous && previous !== buildId ? ` (was ${previous})` : ''}`);
  const removed = await collect(redis, new Set([buildId, ...(previous ? [previous] : [])]), graceMs, log);
  return { buildId, datasetVersion, reused: alreadyLoaded, files: paths.length, bytes, removed };
}
