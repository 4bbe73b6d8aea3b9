/**
 * Embedded mode: one process serves everything. This file is only a composition root: it
 * builds the dataset when no build exists for its version, then mounts the catalog, search and
 * geo modules in the gateway in-process (no HTTP hop, memory store, embedded or Meilisearch engine).
 */
import { CatalogModule } from '@mc/catalog';
import { readSearchDocuments } from '@mc/contracts';
import { SearchModule } from '@mc/search';
import { GeoModule } from '@mc/geo';
import { createGatewayApp } from '@mc/gateway';
import { findBuild } from '@mc/etl/build-identity';
import type { EmbeddedConfig } from './config.js';

export async function createEmbeddedApp(
  config: Omit<EmbeddedConfig, 'port' | 'host'>,
  log: (line: string) => void = () => undefined,
) {
  // A build already on disk is served at once; only without one is the ETL loaded and run.
  const { datasetDir, buildRoot, placesDir } = config;
  const build = findBuild(datasetDir, buildRoot, placesDir) ?? (await import('@mc/etl')).runEtl({ datasetDir, buildRoot, placesDir, log });
  if (config.meili) {
    // Loads only when the live index serves another version; if Meilisearch is down, start
    // anyway: searches fall back to the embedded engine until it answers.
    const { loadMeilisearch } = await import('@mc/etl');
    await loadMeilisearch(readSearchDocuments(build.dir), { ...config.meili, log }).catch((error: unknown) =>
      log(`meilisearch: not loaded (${error instanceof Error ? error.message : String(error)}); searching with the embedded engine meanwhile`),
    );
  }
  return createGatewayApp({
    services: [CatalogModule.fromBuild(build.dir), SearchModule.fromBuild(build.dir, config.meili), GeoModule.fromBuild(build.dir)],
    publicBaseUrl: config.publicBaseUrl,
    publicMetrics: config.metricsPort === undefined,
    logLevel: config.logLevel,
  });
}
