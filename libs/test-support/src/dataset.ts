/** The real dataset, built once per test process into a temporary folder. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runEtl } from '@mc/etl';

export const DATASET_DIR = resolve(process.env.DATASET_DIR || '../shared/dataset/v1');

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

export function testBuildDir(): string {
  built ??= runEtl({ datasetDir: DATASET_DIR, buildRoot: scratchDir('mc-test-build-') }).dir;
  return built;
}
