/**
 * `npm run dataset:sync -- <dir>`: refreshes the dataset this repository carries from a folder
 * in the upstream `data/v1` layout (a newer mirror). The folder is checked by the whole ETL
 * first; only then is it copied beside the target and swapped in, and the manifest rewritten.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultPlacesDir } from '../build-identity.js';
import { PLACE_FILES } from '../places/places.js';
import { runEtl } from '../etl.js';
import { describeFiles, makeWritable, readUpstreamManifest, swapInto, writeUpstreamManifest, UPSTREAM_REPOSITORY, type UpstreamManifest } from './dataset-files.js';

export interface SyncOptions {
  from: string;
  to: string;
  manifestPath: string;
  /** The upstream commit `from` was taken at, when known; otherwise the manifest's ref is cleared. */
  ref?: string | null;
  log?: (line: string) => void;
}

export interface SyncResult {
  datasetVersion: string;
  added: string[];
  changed: string[];
  removed: string[];
}

export function syncDataset(options: SyncOptions): SyncResult {
  const log = options.log ?? (() => undefined);
  const from = resolve(options.from);
  const to = resolve(options.to);
  if (from === to) throw new Error(`${from} is the dataset itself; give the folder to copy from`);
  if (!existsSync(from)) throw new Error(`${from} does not exist`);
  // The whole ETL, in memory: a folder that would not build never replaces one that does.
  const checked = runEtl({ datasetDir: from, buildRoot: resolve('build', 'sync-check'), checkOnly: true, log });
  const before = new Map(existsSync(to) ? describeFiles(to).map((f) => [f.path, f.sha256]) : []);
  const files = describeFiles(from);
  const staged = `${to}.sync-${process.pid}`;
  rmSync(staged, { recursive: true, force: true });
  try {
    cpSync(from, staged, { recursive: true, filter: (path) => !/[\\/]\.[^\\/]*$/.test(path) });
    makeWritable(staged);
    const copied = describeFiles(staged);
    if (JSON.stringify(copied) !== JSON.stringify(files)) throw new Error(`the copy of ${from} differs from it; was it changing?`);
    swapInto(staged, to);
  } finally {
    rmSync(staged, { recursive: true, force: true });
  }
  const places = syncPlaces(from, to);
  if (places.length > 0) log(`dataset: place names ${places.join(', ')} copied to ${defaultPlacesDir(to)}`);
  const previous: Partial<UpstreamManifest> = existsSync(options.manifestPath) ? readUpstreamManifest(options.manifestPath) : {};
  writeUpstreamManifest(options.manifestPath, {
    repository: previous.repository ?? UPSTREAM_REPOSITORY,
    ref: options.ref ?? null,
    root: previous.root ?? 'data/v1',
    files,
  });
  const now = new Set(files.map((f) => f.path));
  const result: SyncResult = {
    datasetVersion: checked.datasetVersion,
    added: files.filter((f) => !before.has(f.path)).map((f) => f.path),
    changed: files.filter((f) => before.has(f.path) && before.get(f.path) !== f.sha256).map((f) => f.path),
    removed: [...before.keys()].filter((p) => !now.has(p)),
  };
  log(`dataset: ${to} is now dataset ${result.datasetVersion}: ${result.added.length} added, ${result.changed.length} changed, ${result.removed.length} removed`);
  return result;
}

/**
 * The place names beside the folder (`api-data/`, as upstream and this repository keep them),
 * already checked by the ETL run above: each file that differs is copied beside the target's
 * folder and renamed into place. A mirror without them leaves the repository's as they are.
 */
function syncPlaces(from: string, to: string): string[] {
  const source = defaultPlacesDir(from);
  const files = Object.values(PLACE_FILES);
  if (!files.every((file) => existsSync(join(source, file)))) return [];
  const target = defaultPlacesDir(to);
  mkdirSync(target, { recursive: true });
  const changed = files.filter((file) => !existsSync(join(target, file)) || !readFileSync(join(source, file)).equals(readFileSync(join(target, file))));
  for (const file of changed) {
    const staged = join(target, `.${file}.sync-${process.pid}`);
    copyFileSync(join(source, file), staged);
    renameSync(staged, join(target, file));
  }
  return changed;
}
