/**
 * `npm run etl [-- --force] [-- --redis]`: builds the dataset named by DATASET_DIR into
 * BUILD_DIR, then, with `--redis` or REDIS_URL set, loads the build into Redis and flips
 * `mc:current` to it, and, when MEILI_URL is set, loads its search documents into Meilisearch.
 */
import { DEFAULT_MEILI_INDEX, readSearchDocuments } from '@mc/contracts';
import { DEFAULT_BUILD_ROOT, DEFAULT_DATASET_DIR, DatasetInvalidError, runEtl } from './etl.js';
import { loadMeilisearch } from './meili-load.js';
import { DEFAULT_GRACE_MS, loadRedis } from './redis-load.js';
import { Redis } from 'ioredis';
import { DatasetMissingError } from './read-dataset.js';

const datasetDir = process.env.DATASET_DIR || DEFAULT_DATASET_DIR;
const buildRoot = process.env.BUILD_DIR || DEFAULT_BUILD_ROOT;
const force = process.argv.includes('--force');
const log = (line: string) => console.log(line);
try {
  const build = runEtl({ datasetDir, buildRoot, force, log, placesDir: process.env.PLACES_DIR || undefined });
  if (process.argv.includes('--redis') || process.env.REDIS_URL) {
    const url = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
    const grace = process.env.REDIS_GRACE_SECONDS;
    if (grace !== undefined && !/^\d+$/.test(grace)) throw new Error(`REDIS_GRACE_SECONDS must be a whole number of seconds, not "${grace}"`);
    const redis = new Redis(url, { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 1, retryStrategy: () => null });
    redis.on('error', () => undefined); // the failing command reports it
    try {
      await redis.connect().catch((error: Error) => {
        throw new Error(`cannot reach Redis at ${url}: ${error.message}`);
      });
      await loadRedis(redis, { buildDir: build.dir, force, graceMs: grace === undefined ? DEFAULT_GRACE_MS : Number(grace) * 1000, log });
    } finally {
      redis.disconnect();
    }
  }
  if (process.env.MEILI_URL) {
    const file = readSearchDocuments(build.dir);
    await loadMeilisearch(file, { url: process.env.MEILI_URL, apiKey: process.env.MEILI_API_KEY, indexUid: process.env.MEILI_INDEX || DEFAULT_MEILI_INDEX, force, log });
  }
} catch (error) {
  // Every failure is a readable message and a non-zero exit; nothing was left half-written.
  console.error(`etl: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof DatasetMissingError && !process.env.DATASET_DIR) console.error(`etl: DATASET_DIR is not set, so ${DEFAULT_DATASET_DIR} was used`);
  if (!(error instanceof DatasetMissingError || error instanceof DatasetInvalidError) && process.env.DEBUG) console.error(error);
  process.exit(1);
}
