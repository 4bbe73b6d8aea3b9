/** The real dataset, built once per test process into a temporary folder. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runEtl } from '@mc/etl';

export const DATASET_DIR = resolve(process.env.DATASET_DIR || '../shared/dataset/v1');

let built: string | undefined;

export function testBuildDir(): string {
  built ??= runEtl({ datasetDir: DATASET_DIR, buildRoot: mkdtempSync(join(tmpdir(), 'mc-test-build-')) }).dir;
  return built;
}
