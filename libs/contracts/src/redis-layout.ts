/**
 * How a build lives in Redis (cluster mode). The ETL is the only writer: it loads a build
 * under keys of its own, verifies it, then flips one pointer. A build is named by its
 * dataset version and a digest of its manifest (`1.10.0-3f9a…`), so reloading an edited
 * dataset of the same version never rewrites keys a replica is reading.
 */
import { createHash } from 'node:crypto';

export const REDIS_KEYS = {
  /** The build id every reader serves: a plain string, flipped with SET. */
  current: 'mc:current',
  /** Every loaded build: a hash of build id → JSON {datasetVersion, loadedAt, supersededAt}. */
  builds: 'mc:builds',
  /** Held by the one ETL loading Redis (SET NX PX). */
  lock: 'mc:lock',
} as const;

/** Key prefix of one build's keys. */
export const buildPrefix = (buildId: string) => `mc:b:${buildId}:`;

/** One build's keys: each static file is a hash {body, etag}; the rest are strings. */
export const buildKeys = (buildId: string) => {
  const prefix = buildPrefix(buildId);
  return {
    file: (path: string) => `${prefix}f:${path}`,
    manifest: `${prefix}manifest`,
    units: `${prefix}units`,
    searchDocuments: `${prefix}search-docs`,
    geoPack: `${prefix}geo-pack`,
    coverage: `${prefix}coverage`,
    /** Written last, once the load is verified: a build without it is not a build. */
    loaded: `${prefix}loaded`,
  };
};

export interface RedisBuildInfo {
  datasetVersion: string;
  /** ms since the epoch. */
  loadedAt: number;
  /** When another build became current; null while this one is current. */
  supersededAt: number | null;
  files: number;
  bytes: number;
}

/** `<datasetVersion>-<12 hex of the manifest's SHA-256>`: same data, same id. */
export function buildIdOf(datasetVersion: string, manifestBytes: Buffer | string): string {
  return `${datasetVersion}-${createHash('sha256').update(manifestBytes).digest('hex').slice(0, 12)}`;
}

/** The dataset version part of a build id. */
export const versionOfBuildId = (buildId: string) => buildId.replace(/-[0-9a-f]{12}$/, '');
