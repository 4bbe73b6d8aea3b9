/** Embedded-mode configuration, only from environment variables, checked at start-up. */
import { DEFAULT_BUILD_ROOT, DEFAULT_DATASET_DIR } from '@mc/etl';

export interface EmbeddedConfig {
  port: number;
  host: string;
  datasetDir: string;
  buildRoot: string;
  publicBaseUrl?: string;
  logLevel: string;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function readConfig(env: NodeJS.ProcessEnv = process.env): EmbeddedConfig {
  const problems: string[] = [];
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be a port number, got "${env.PORT}"`);
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  const publicBaseUrl = env.PUBLIC_BASE_URL || undefined;
  if (publicBaseUrl !== undefined && !/^https?:\/\/[^/]+(\/.*)?$/.test(publicBaseUrl)) {
    problems.push(`PUBLIC_BASE_URL must be an http(s) URL, got "${publicBaseUrl}"`);
  }
  if (problems.length > 0) throw new Error(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    datasetDir: env.DATASET_DIR || DEFAULT_DATASET_DIR,
    buildRoot: env.BUILD_DIR || DEFAULT_BUILD_ROOT,
    publicBaseUrl,
    logLevel,
  };
}
