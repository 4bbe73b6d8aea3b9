/** Embedded-mode configuration, only from environment variables, checked at start-up. */
import { DEFAULT_MEILI_INDEX } from '@mc/contracts';
import { DEFAULT_BUILD_ROOT, DEFAULT_DATASET_DIR } from '@mc/contracts';

export interface EmbeddedConfig {
  port: number;
  host: string;
  datasetDir: string;
  buildRoot: string;
  /** PLACES_DIR: neighbourhood and postcode names; by default `api-data/` beside the dataset. */
  placesDir?: string;
  publicBaseUrl?: string;
  /** Set: /metrics is served on this port only, not on the API port. */
  metricsPort?: number;
  logLevel: string;
  /** Set with MEILI_URL: search retrieves candidates from Meilisearch. */
  meili?: { url: string; apiKey?: string; indexUid: string; timeoutMs: number };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function readConfig(env: NodeJS.ProcessEnv = process.env): EmbeddedConfig {
  const problems: string[] = [];
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be a port number, got "${env.PORT}"`);
  const metricsPort = env.METRICS_PORT ? Number(env.METRICS_PORT) : undefined;
  if (metricsPort !== undefined && (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535)) problems.push(`METRICS_PORT must be a port number, got "${env.METRICS_PORT}"`);
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  const publicBaseUrl = env.PUBLIC_BASE_URL || undefined;
  if (publicBaseUrl !== undefined && !/^https?:\/\/[^/]+(\/.*)?$/.test(publicBaseUrl)) {
    problems.push(`PUBLIC_BASE_URL must be an http(s) URL, got "${publicBaseUrl}"`);
  }
  const meiliTimeout = Number(env.MEILI_TIMEOUT_MS ?? 1000);
  if (!Number.isInteger(meiliTimeout) || meiliTimeout < 1) problems.push(`MEILI_TIMEOUT_MS must be a whole number of milliseconds, got "${env.MEILI_TIMEOUT_MS}"`);
  if (env.MEILI_URL && !/^https?:\/\//.test(env.MEILI_URL)) problems.push(`MEILI_URL must be an http(s) URL, got "${env.MEILI_URL}"`);
  if (problems.length > 0) throw new Error(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    datasetDir: env.DATASET_DIR || DEFAULT_DATASET_DIR,
    buildRoot: env.BUILD_DIR || DEFAULT_BUILD_ROOT,
    placesDir: env.PLACES_DIR || undefined,
    publicBaseUrl,
    metricsPort,
    logLevel,
    meili: env.MEILI_URL
      ? { url: env.MEILI_URL, apiKey: env.MEILI_API_KEY || undefined, indexUid: env.MEILI_INDEX || DEFAULT_MEILI_INDEX, timeoutMs: meiliTimeout }
      : undefined,
  };
}
