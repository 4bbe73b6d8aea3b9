/** Reads the upstream `data/v1` layout: sources.json and the attribute files (JSON and CSV). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CsvError, parse } from 'csv-parse/sync';
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

/**
 * CSV with a UTF-8 byte-order mark and RFC 4180 quoting, one object per row by header. A row
 * it cannot read fails with one line naming `file` and the line.
 */
export function parseCsv(text: string, file = 'CSV'): CsvRow[] {
  try {
    return parse(text, { bom: true, columns: true, skip_empty_lines: true, relax_column_count: false }) as CsvRow[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new DatasetMissingError(`${file} line ${(error as CsvError & { lines?: number }).lines ?? '?'}: ${error.message}`);
  }
}

/**
 * JSON that fails with one line naming the file, and the line and column where it stops
 * being JSON (a truncated file says where it ends), rather than a bare position.
 */
export function parseJsonText(text: string, file: string): any {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    if (message.startsWith('Unexpected end of JSON input')) throw new DatasetMissingError(`${file} is not valid JSON: it ends at line ${text.split('\n').length} in the middle of a value (truncated?)`);
    const position = Number(/at position (\d+)/.exec(message)?.[1]);
    const where = Number.isInteger(position) ? (() => {
      const before = text.slice(0, position);
      const line = before.split('\n').length;
      return ` at line ${line}, column ${position - before.lastIndexOf('\n')}`;
    })() : '';
    // V8's message may quote a piece of the text, newlines and all: keep only its first clause.
    const reason = message.replace(/ in JSON at position \d+[^]*$/, '').replace(/, "[^]*$/, '');
    throw new DatasetMissingError(`${file} is not valid JSON${where}: ${reason}`);
  }
}

export function readDataset(dir: string): RawDataset {
  if (!existsSync(dir)) {
    throw new DatasetMissingError(
      `dataset directory ${dir} does not exist; set DATASET_DIR to the dataset's data/v1 directory`,
    );
  }
  const sources = parseJsonText(readText(join(dir, 'sources.json')), 'sources.json') as SourcesFile;
  if (typeof sources.datasetVersion !== 'string' || !/^\d+\.\d+\.\d+$/.test(sources.datasetVersion)) {
    throw new DatasetMissingError(`${join(dir, 'sources.json')} has no valid datasetVersion`);
  }
  const json = {} as RawDataset['json'];
  const csv = {} as RawDataset['csv'];
  for (const name of ATTRIBUTE_FILES) {
    const parsed = parseJsonText(readText(join(dir, 'attributes', `${name}.json`)), `attributes/${name}.json`);
    if (!Array.isArray(parsed)) throw new DatasetMissingError(`attributes/${name}.json is not an array of records`);
    json[name] = parsed;
    csv[name] = parseCsv(readText(join(dir, 'attributes', `${name}.csv`)), `attributes/${name}.csv`);
  }
  return { dir, sources, json, csv };
}
