/**
 * Which build a dataset makes, and whether a build on disk is whole. A build is named by its
 * dataset version and a digest of everything that shapes it: every byte of the dataset and the
 * ETL's own code. An edited dataset of the same version, or a changed ETL, makes a new build
 * rather than being answered from an old one; a build whose files no longer hash to its
 * manifest is rebuilt, never served.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_LAYOUT, strongEtag, type BuildManifest } from '@mc/contracts';

function filesBelow(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && keep(entry.name)) out.push(path);
    }
  };
  walk(dir);
  return out;
}

let codeDigest: string | undefined;

/** A digest of the compiled ETL and contracts: what turns a dataset into a build. */
function etlCodeDigest(): string {
  if (codeDigest) return codeDigest;
  const hash = createHash('sha256');
  const etlDist = dirname(fileURLToPath(import.meta.url));
  const contractsDist = dirname(fileURLToPath(import.meta.resolve('@mc/contracts')));
  for (const root of [etlDist, contractsDist]) {
    for (const file of filesBelow(root, (name) => name.endsWith('.js'))) hash.update(relative(root, file)).update('\0').update(readFileSync(file));
  }
  codeDigest = hash.digest('hex');
  return codeDigest;
}

/** PLACES_DIR's default: the `api-data/` folder beside the dataset folder (as in the upstream mirror). */
export function defaultPlacesDir(datasetDir: string): string {
  return join(dirname(resolve(datasetDir)), 'api-data');
}

/** The files a build is made from, each with the name it is hashed under: the dataset's, then the place names'. */
function inputFiles(datasetDir: string, placesDir: string): Array<{ file: string; name: string }> {
  const named = (dir: string, prefix: string) => filesBelow(dir, () => true).map((file) => ({ file, name: prefix + relative(dir, file).split(sep).join('/') }));
  const places = existsSync(placesDir) ? named(placesDir, 'places:').filter(({ name }) => /^places:(neighbourhoods|postcodes)\.json$/.test(name)) : [];
  return [...named(datasetDir, ''), ...places];
}

/** `<datasetVersion>-<12 hex>`: the same dataset and place bytes and ETL code always name the same build. */
export function buildIdFor(datasetDir: string, datasetVersion: string, placesDir = defaultPlacesDir(datasetDir)): string {
  const hash = createHash('sha256').update(etlCodeDigest());
  for (const { file, name } of inputFiles(datasetDir, placesDir)) hash.update(name).update('\0').update(readFileSync(file));
  return `${datasetVersion}-${hash.digest('hex').slice(0, 12)}`;
}

/**
 * `buildIdFor`, remembered under a stamp of what it depends on (every dataset file's path,
 * size and modification time, and the ETL's code), so that a start finds its build without
 * reading and hashing the dataset again. A build root that can't be written only loses the
 * shortcut.
 */
export function rememberedBuildId(datasetDir: string, datasetVersion: string, buildRoot: string, placesDir = defaultPlacesDir(datasetDir)): string {
  const stamp = createHash('sha256').update(etlCodeDigest()).update(datasetVersion);
  for (const { file, name } of inputFiles(datasetDir, placesDir)) {
    const { size, mtimeMs } = statSync(file);
    stamp.update(`${name}\0${size}\0${mtimeMs}\0`);
  }
  const stampFile = join(buildRoot, '.stamps', stamp.digest('hex').slice(0, 32));
  if (existsSync(stampFile)) return readFileSync(stampFile, 'utf8').trim();
  const id = buildIdFor(datasetDir, datasetVersion, placesDir);
  try {
    mkdirSync(dirname(stampFile), { recursive: true });
    writeFileSync(stampFile, id);
  } catch {
    // Read-only: the next start hashes the dataset again.
  }
  return id;
}

/**
 * The build of this dataset when one is on disk and servable, without loading the ETL or
 * reading the dataset: how a start skips the ETL. Null means: run the ETL.
 */
export function findBuild(datasetDir: string, buildRoot: string, placesDir = defaultPlacesDir(datasetDir)): { datasetVersion: string; dir: string } | null {
  let datasetVersion: unknown;
  try {
    datasetVersion = (JSON.parse(readFileSync(join(datasetDir, 'sources.json'), 'utf8')) as { datasetVersion?: unknown }).datasetVersion;
  } catch {
    return null; // the ETL says what is wrong with the dataset
  }
  if (typeof datasetVersion !== 'string' || !/^\d+\.\d+\.\d+$/.test(datasetVersion)) return null;
  const dir = resolve(buildRoot, rememberedBuildId(resolve(datasetDir), datasetVersion, resolve(buildRoot), resolve(placesDir)));
  return existsSync(dir) && buildDamage(dir, 'sizes') === null ? { datasetVersion, dir } : null;
}

/**
 * What is wrong with a build folder, or null: its index files, and every file its manifest
 * names, hashed to the manifest's ETag (`hashes`, what the ETL checks) or only at the
 * manifest's size (`sizes`, what a start checks: a build is written atomically, so that
 * catches a folder edited or cut short since, in 40 ms instead of hashing 112 MB).
 */
export function buildDamage(dir: string, depth: 'hashes' | 'sizes' = 'hashes'): string | null {
  const manifestPath = join(dir, BUILD_LAYOUT.manifest);
  if (!existsSync(manifestPath)) return 'no manifest';
  let manifest: BuildManifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest;
  } catch {
    return 'its manifest is not JSON';
  }
  for (const name of [BUILD_LAYOUT.units, BUILD_LAYOUT.searchDocuments, BUILD_LAYOUT.geoPack, BUILD_LAYOUT.coverage]) {
    if (!existsSync(join(dir, name))) return `${name} is missing`;
  }
  for (const [path, { etag, bytes }] of Object.entries(manifest.files)) {
    const file = join(dir, BUILD_LAYOUT.staticDir, path);
    const size = statSync(file, { throwIfNoEntry: false })?.size;
    if (size === undefined) return `${path} is missing`;
    if (depth === 'sizes' && size !== bytes) return `${path} has ${size} bytes, its manifest says ${bytes}`;
    if (depth === 'hashes' && strongEtag(readFileSync(file)) !== etag) return `${path} does not hash to its manifest ETag`;
  }
  return null;
}

/** Removes staging folders whose writer is gone (a killed ETL leaves `<id>.staging-<pid>`), and builds it left half removed. */
export function removeStaleStaging(buildRoot: string, log: (line: string) => void): void {
  if (!existsSync(buildRoot)) return;
  for (const name of readdirSync(buildRoot)) {
    const pid = Number(/\.(?:staging|removing)-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch (error) {
      alive = (error as NodeJS.ErrnoException).code === 'EPERM';
    }
    if (!alive) {
      rmSync(join(buildRoot, name), { recursive: true, force: true });
      log(`etl: removed ${name}, left by an ETL that is gone`);
    }
  }
}

/** Builds kept in a build folder: the one just written and the newest others, for servers still reading them. */
export const BUILDS_KEPT = 3;

/** A build's folder name: `<datasetVersion>-<digest>`, or a bare version (the layout before digests). */
const BUILD_FOLDER = /^(?:\d+\.\d+\.\d+[\w.]*-[0-9a-f]{12}|\d+\.\d+\.\d+)$/;

/**
 * Removes all but the `BUILDS_KEPT` newest builds of `buildRoot` (by their manifest's time),
 * never `kept`: each code or dataset change makes a new build of about 115 MB, and a folder
 * that only grows fills a laptop's disk. Only folders named and made like builds are touched.
 * Each is renamed aside at once (no reader finds half a build under its name), then deleted
 * in the background: a start does not wait for thousands of files to go. The promise settles
 * when they are gone; a deletion cut short is finished by the next ETL (removeStaleStaging).
 */
export function removeOldBuilds(buildRoot: string, kept: string, log: (line: string) => void, keep = BUILDS_KEPT): Promise<void> {
  if (!existsSync(buildRoot)) return Promise.resolve();
  const builds = readdirSync(buildRoot)
    .filter((name) => BUILD_FOLDER.test(name) && join(buildRoot, name) !== kept)
    .flatMap((name) => {
      try {
        return [{ name, time: statSync(join(buildRoot, name, BUILD_LAYOUT.manifest)).mtimeMs }];
      } catch {
        return [];
      }
    })
    .sort((a, b) => b.time - a.time);
  const removals = builds.slice(Math.max(0, keep - 1)).map(async ({ name }) => {
    const aside = join(buildRoot, `${name}.removing-${process.pid}`);
    try {
      renameSync(join(buildRoot, name), aside);
      await rm(aside, { recursive: true, force: true });
      log(`etl: removed the older build ${name}`);
    } catch (error) {
      log(`etl: could not remove the older build ${name}: ${(error as Error).message}`);
    }
  });
  return Promise.all(removals).then(() => undefined);
}
