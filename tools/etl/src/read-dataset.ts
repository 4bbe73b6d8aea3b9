/** Reads the upstream `data/v1` layout: sources.json and the attribute files (JSON and CSV). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Collection } from '@mc/contracts';

export type CsvRow = Record<string, string>;

/** Upstream attribute records, as the dataset spells them (communes carry `osm`, not `map`). */
export type RawRecord = Record<string, any>;

export interface SourcesFile {
  datasetVersion: string;
  sources: unknown[];
}

export interface RawDataset {
  dir: string;
  sources: SourcesFile;
  json: Record<Collection, RawRecord[]>;
  csv: Record<Collection, CsvRow[]>;
}

export class DatasetMissingError extends Error {}

const ATTRIBUTE_FILES: readonly Collection[] = ['regions', 'provinces', 'cercles', 'communes', 'arrondissements'];

function readText(path: string): string {
  if (!existsSync(path)) throw new DatasetMissingError(`missing dataset file ${path}`);
  return readFileSync(path, 'utf8');
}

/** CSV with a UTF-8 byte-order mark and RFC 4180 quoting, one object per row by header. */
export function parseCsv(text: string): CsvRow[] {
  return parse(text, { bom: true, columns: true, skip_empty_lines: true, relax_column_count: false }) as CsvRow[];
}

export function readDataset(dir: string): RawDataset {
  if (!existsSync(dir)) {
    throw new DatasetMissingError(
      `dataset directory ${dir} does not exist; set DATASET_DIR to the dataset's data/v1 directory`,
    );
  }
  const sources = JSON.parse(readText(join(dir, 'sources.json'))) as SourcesFile;
  if (typeof sources.datasetVersion !== 'string' || !/^\d+\.\d+\.\d+$/.test(sources.datasetVersion)) {
    throw new DatasetMissingError(`${join(dir, 'sources.json')} has no valid datasetVersion`);
  }
  const json = {} as RawDataset['json'];
  const csv = {} as RawDataset['csv'];
  for (const name of ATTRIBUTE_FILES) {
    const parsed = JSON.parse(readText(join(dir, 'attributes', `${name}.json`)));
    if (!Array.isArray(parsed)) throw new DatasetMissingError(`attributes/${name}.json is not an array of records`);
    json[name] = parsed;
    csv[name] = parseCsv(readText(join(dir, 'attributes', `${name}.csv`)));
  }
  return { dir, sources, json, csv };
}
