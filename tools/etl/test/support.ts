import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_DATASET_DIR, makeWritable, runEtl, type EtlResult } from '../src/index.js';

export const DATASET_DIR = resolve(process.env.DATASET_DIR || DEFAULT_DATASET_DIR);

/** A temporary, writable copy of the whole dataset, to break on purpose. */
/** A writable copy of the dataset (`<tmp>/v1`) with its place names beside it (`<tmp>/api-data`), as in the repository. */
export function copyDataset(): string {
  const root = tempDir('mc-dataset-');
  const dir = join(root, 'v1');
  cpSync(DATASET_DIR, dir, { recursive: true });
  const places = join(DATASET_DIR, '..', 'api-data');
  if (existsSync(places)) cpSync(places, join(root, 'api-data'), { recursive: true });
  makeWritable(root);
  return dir;
}

export function editJson(dir: string, file: string, edit: (records: any[]) => void): void {
  const path = join(dir, 'attributes', file);
  const records = JSON.parse(readFileSync(path, 'utf8'));
  edit(records);
  writeFileSync(path, JSON.stringify(records));
}

/** Temporary folders of this test process, removed when it exits (a build is about 45 MB). */
const scratch: string[] = [];
process.on('exit', () => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

let shared: EtlResult | undefined;

/**
 * The real dataset's build: the one `scripts/run-tests.mjs` made for the whole run
 * (MC_TEST_BUILD_ROOT), or one built for this process when a file runs alone. Read only.
 */
export function sharedBuild(): EtlResult {
  shared ??= runEtl({ datasetDir: DATASET_DIR, buildRoot: process.env.MC_TEST_BUILD_ROOT || tempDir('mc-build-') });
  return shared;
}
