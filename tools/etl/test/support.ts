import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const DATASET_DIR = resolve(process.env.DATASET_DIR || '../shared/dataset/v1');

/** A temporary copy of the attribute files and sources.json, to break on purpose. */
export function copyDataset(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mc-dataset-'));
  cpSync(join(DATASET_DIR, 'attributes'), join(dir, 'attributes'), { recursive: true });
  cpSync(join(DATASET_DIR, 'sources.json'), join(dir, 'sources.json'));
  return dir;
}

export function editJson(dir: string, file: string, edit: (records: any[]) => void): void {
  const path = join(dir, 'attributes', file);
  const records = JSON.parse(readFileSync(path, 'utf8'));
  edit(records);
  writeFileSync(path, JSON.stringify(records));
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
