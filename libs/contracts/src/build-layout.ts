import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BBox, Name, UnitIndex } from './records.js';
import type { SearchDocumentsFile } from './search/documents.js';

/** Where a build lives: one immutable folder per dataset version. */
/** Where the dataset and the builds are unless DATASET_DIR and BUILD_DIR say otherwise. */
export const DEFAULT_DATASET_DIR = 'data/v1';
export const DEFAULT_BUILD_ROOT = 'build/dataset';

export const BUILD_LAYOUT = {
  manifest: 'manifest.json',
  units: 'units.json',
  searchDocuments: 'search-docs.json',
  geoPack: 'geo-pack.json',
  /** What each figure family covers, by level (tools/etl figures/coverage.ts). */
  coverage: 'coverage.json',
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
export const readGeoPack = (buildDir: string) => readJson<GeoPack>(buildDir, BUILD_LAYOUT.geoPack);

/** A boundary as the geo service holds it: polygons of rings of [lng, lat]. */
export interface GeoPackShape {
  code: string;
  name: Name;
  slug: string;
  /** [lng, lat]: the record's centroid, a point inside the boundary. */
  centroid: [number, number] | null;
  bbox: BBox | null;
  /** Empty for a unit without a boundary. */
  polygons: number[][][][];
  /** Arrondissements only. */
  communeCode?: string;
}

/** `geo-pack.json` of a build: what the geo service loads at start-up. */
export interface GeoPack {
  datasetVersion: string;
  communes: GeoPackShape[];
  arrondissements: GeoPackShape[];
  tiles: Array<{ z: number; x: number; y: number; bbox: BBox }>;
}
