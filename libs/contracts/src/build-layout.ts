import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UnitIndex } from './records.js';
import type { SearchDocumentsFile } from './search/documents.js';

/** Where a build lives: one immutable folder per dataset version. */
export const BUILD_LAYOUT = {
  manifest: 'manifest.json',
  units: 'units.json',
  searchDocuments: 'search-docs.json',
  staticDir: 'static',
} as const;

/** `manifest.json` of a build: every static file with its validator and size. */
export interface BuildManifest {
  datasetVersion: string;
  files: Record<string, { etag: string; bytes: number }>;
}

const readJson = <T>(buildDir: string, name: string): T => JSON.parse(readFileSync(join(buildDir, name), 'utf8')) as T;

export const readManifest = (buildDir: string) => readJson<BuildManifest>(buildDir, BUILD_LAYOUT.manifest);
export const readUnitIndex = (buildDir: string) => readJson<UnitIndex>(buildDir, BUILD_LAYOUT.units);
export const readSearchDocuments = (buildDir: string) => readJson<SearchDocumentsFile>(buildDir, BUILD_LAYOUT.searchDocuments);
