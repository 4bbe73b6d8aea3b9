/** The ETL pipeline: read → check → model → static tree → write, with progress per stage. */
import { accessSync, constants, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { defaultPlacesDir, placeFiles, placeSources, readPlaces } from './places/places.js';
import { DOUAR_FIELDS_PATH, douarFieldCatalogue, douarFiles, douarPopulationBound, readDouars } from './douars/douars.js';
import { buildDamage, buildIdFor, removeOldBuilds, removeStaleStaging } from './build-identity.js';
import { join, resolve } from 'node:path';
import { BUILD_LAYOUT, EXONYMS, buildSearchDocuments, checkExonyms, type GeoPack, type SearchDocumentsFile, type UnitIndex } from '@mc/contracts';
import { checkDataset } from './check.js';
import { formatCoverage } from './figures/coverage.js';
import { buildFigures } from './figures/figure-records.js';
import { readFigures } from './figures/read-figures.js';
import { buildGeo } from './geo/stage.js';
import { buildUnits } from './model.js';
import { readDataset, type SourcesFile } from './read-dataset.js';
import { buildStaticTree } from './static-tree.js';
import { writeBuild } from './write-build.js';

export interface EtlOptions {
  datasetDir: string;
  buildRoot: string;
  force?: boolean;
  /** Read and check everything, build it in memory, write nothing (a dataset about to be swapped in). */
  checkOnly?: boolean;
  /** Neighbourhood and postcode names (PLACES_DIR); by default `api-data/` beside the dataset folder. */
  placesDir?: string;
  log?: (line: string) => void;
}

export interface EtlResult {
  datasetVersion: string;
  dir: string;
  skipped: boolean;
  files: number;
  bytes: number;
  seconds: number;
}

export class DatasetInvalidError extends Error {
  constructor(readonly violations: string[]) {
    super(`the dataset has ${violations.length} violation(s):\n${violations.map((v) => `  - ${v}`).join('\n')}`);
    this.name = 'DatasetInvalidError';
  }
}

/** The copy of the upstream data/v1 tree this repository carries (data/README.md). */
export { DEFAULT_BUILD_ROOT, DEFAULT_DATASET_DIR } from '@mc/contracts';

/** A build's folder: `<buildRoot>/<datasetVersion>-<digest of the dataset and the ETL>`. */
export function buildDirFor(buildRoot: string, buildId: string): string {
  return resolve(buildRoot, buildId);
}

export class BuildRootError extends Error {
  override name = 'BuildRootError';
}

/** BUILD_DIR must take a build: said before 10 s of work, not after. */
function assertWritable(buildRoot: string): void {
  try {
    mkdirSync(buildRoot, { recursive: true });
    accessSync(buildRoot, constants.W_OK);
  } catch (error) {
    throw new BuildRootError(`BUILD_DIR ${buildRoot} can't hold a build: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** The douar file's entry of sources.json, for its field catalogue. */
function douarSource(sources: SourcesFile): { id: string; url?: string } | undefined {
  const entry = (sources.sources as Array<{ id?: unknown; url?: unknown }>).find((s) => s.id === 'hcp-2024-douars');
  return entry ? { id: 'hcp-2024-douars', ...(typeof entry.url === 'string' ? { url: entry.url } : {}) } : undefined;
}

export function runEtl(options: EtlOptions): EtlResult {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const stage = <T>(name: string, work: () => T, describe: (value: T) => string): T => {
    const at = performance.now();
    const value = work();
    log(`etl: ${name.padEnd(8)} ${describe(value)} (${((performance.now() - at) / 1000).toFixed(2)} s)`);
    return value;
  };

  if (!options.checkOnly) assertWritable(resolve(options.buildRoot));
  const dataset = stage('read', () => readDataset(resolve(options.datasetDir)), (d) => `dataset ${d.sources.datasetVersion} from ${d.dir}`);
  const version = dataset.sources.datasetVersion;
  const placesDir = resolve(options.placesDir ?? defaultPlacesDir(options.datasetDir));
  const target = buildDirFor(options.buildRoot, buildIdFor(resolve(options.datasetDir), version, placesDir));
  if (!options.checkOnly) removeStaleStaging(resolve(options.buildRoot), log);
  const damage = !options.force && !options.checkOnly && existsSync(target) ? buildDamage(target) : 'absent';
  if (damage !== null && damage !== 'absent') log(`etl: the build at ${target} is damaged (${damage}); building it again`);
  if (damage === null) {
    log(`etl: build ${version} already exists at ${target} and is whole; nothing to do (--force rebuilds it)`);
    const coverage = join(target, BUILD_LAYOUT.coverage);
    if (existsSync(coverage)) for (const line of formatCoverage(JSON.parse(readFileSync(coverage, 'utf8')))) log(`etl:          ${line}`);
    return { datasetVersion: version, dir: target, skipped: true, files: 0, bytes: 0, seconds: 0 };
  }
  const violations = stage('check', () => checkDataset(dataset), (v) => (v.length === 0 ? 'no violations' : `${v.length} violation(s)`));
  if (violations.length > 0) throw new DatasetInvalidError(violations);
  const units = stage('model', () => buildUnits(dataset), (u) => `${u.index.length} units`);
  // Named places: searched as their units' (matched = neighbourhood or postcode).
  const communeOfArrondissement = new Map(units.arrondissements.map((a) => [a.code, a.communeCode]));
  const places = stage('places', () => readPlaces(placesDir, units.index, communeOfArrondissement), (p) => (p ? `${p.neighbourhoods.length} neighbourhoods (${p.quartersDropped} Poste Maroc names left out), ${p.postcodes.length} postcode-commune pairs from ${placesDir}` : `none in ${placesDir}`));
  const geo = stage('geo', () => buildGeo(resolve(options.datasetDir), units, version), (g) => `${g.files.size} geometry files, ${g.pack.tiles.length} tiles`);
  for (const line of geo.report) log(`etl:          ${line}`);
  if (geo.violations.length > 0) throw new DatasetInvalidError(geo.violations);
  const figures = stage(
    'figures',
    () => buildFigures(readFigures(resolve(options.datasetDir)), units, version),
    (f) => `${f.files.size} census, economy and housing files`,
  );
  for (const line of formatCoverage(figures.coverage)) log(`etl:          ${line}`);
  if (figures.violations.length > 0) throw new DatasetInvalidError(figures.violations);
  const exonymViolations = checkExonyms(units.index, EXONYMS);
  if (exonymViolations.length > 0) throw new DatasetInvalidError(exonymViolations);
  const totalOf = new Map(units.communes.map((c) => [c.code, c.population['2024']?.total ?? null]));
  const boundOf = (code: string) => douarPopulationBound(figures.files.get(`/api/communes/${code}/indicators.json`), totalOf.get(code) ?? null);
  const douars = stage('douars', () => readDouars(resolve(options.datasetDir), units.index, boundOf), (d) => (d ? `${[...d.values()].reduce((n, list) => n + list.length, 0)} douars in ${d.size} communes` : 'no douar file'));
  const documents = stage('search', () => buildSearchDocuments(units.index, EXONYMS, places, douars), (d) => `${d.length} search documents, ${EXONYMS.length} exonyms`);
  // version.json lists the place-name sources beside the dataset's when they are read.
  const sources = places ? { ...dataset.sources, sources: [...dataset.sources.sources, ...placeSources(places, placesDir)] } : dataset.sources;
  const tree = stage('tree', () => new Map([...buildStaticTree(units, sources), ...geo.files, ...figures.files, ...(places ? placeFiles(places, units.index, communeOfArrondissement, version) : []), ...(douars ? [...douarFiles(douars, units.index, version), [DOUAR_FIELDS_PATH, douarFieldCatalogue(douarSource(dataset.sources))] as const] : [])]), (t) => `${t.size} static files`);
  if (options.checkOnly) {
    log(`etl: checked dataset ${version}: ${tree.size} static files, nothing written`);
    return { datasetVersion: version, dir: target, skipped: true, files: tree.size, bytes: 0, seconds: (performance.now() - started) / 1000 };
  }
  const written = stage(
    'write',
    () =>
      writeBuild(target, version, tree, {
        [BUILD_LAYOUT.units]: { datasetVersion: version, units: units.index } satisfies UnitIndex,
        [BUILD_LAYOUT.searchDocuments]: { datasetVersion: version, documents } satisfies SearchDocumentsFile,
        [BUILD_LAYOUT.geoPack]: { datasetVersion: version, ...geo.pack } satisfies GeoPack,
        [BUILD_LAYOUT.coverage]: figures.coverage,
      }),
    (w) => `${w.files} files to ${w.dir}`,
  );
  // In the background: a start does not wait for the older builds' files to go.
  void removeOldBuilds(resolve(options.buildRoot), resolve(written.dir), log);
  const seconds = (performance.now() - started) / 1000;
  log(`etl: done: dataset ${version}, ${written.files} files, ${written.bytes} bytes, ${seconds.toFixed(2)} s`);
  return { datasetVersion: version, dir: target, skipped: false, files: written.files, bytes: written.bytes, seconds };
}

