/** The real dataset, built once per test process into a temporary folder. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_DATASET_DIR, runEtl } from '@mc/etl';

export const DATASET_DIR = resolve(process.env.DATASET_DIR || DEFAULT_DATASET_DIR);

/** Temporary folders of this test process, removed when it exits (a build is about 45 MB). */
const scratch: string[] = [];
process.on('exit', () => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

let built: string | undefined;

/**
 * Where the real dataset's build lives for this test run: the root `scripts/run-tests.mjs`
 * built once for every test process (MC_TEST_BUILD_ROOT), or a scratch one when a file runs
 * alone. Tests read it and never change it.
 */
export function testBuildRoot(): string {
  return process.env.MC_TEST_BUILD_ROOT || (scratchRoot ??= scratchDir('mc-test-build-'));
}
let scratchRoot: string | undefined;

export function testBuildDir(): string {
  built ??= runEtl({ datasetDir: DATASET_DIR, buildRoot: testBuildRoot() }).dir;
  return built;
}
