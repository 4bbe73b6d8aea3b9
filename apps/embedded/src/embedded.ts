/**
 * Embedded mode: one process serves everything. This file is only a composition root: it
 * builds the dataset when no build exists for its version, then mounts the catalog module
 * in the gateway in-process (no HTTP hop, memory store).
 */
import { CatalogModule } from '@mc/catalog';
import { createGatewayApp } from '@mc/gateway';
import { runEtl } from '@mc/etl';
import type { EmbeddedConfig } from './config.js';

export async function createEmbeddedApp(config: Omit<EmbeddedConfig, 'port' | 'host'>, log: (line: string) => void = () => undefined) {
  // runEtl is a no-op when the build for this dataset version already exists.
  const build = runEtl({ datasetDir: config.datasetDir, buildRoot: config.buildRoot, log });
  return createGatewayApp({
    services: [CatalogModule.fromBuild(build.dir)],
    publicBaseUrl: config.publicBaseUrl,
    logLevel: config.logLevel,
  });
}
