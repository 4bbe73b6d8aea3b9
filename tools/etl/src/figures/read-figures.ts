/**
 * Reads the three figure families as the dataset holds them (dataset.md §2–5): census
 * indicators (JSON per level, communes per région, for 2024 and 2014), establishments and
 * urban housing (one CSV each, every level), and their field catalogues. Files the mirror
 * lacks are simply absent here; the coverage report says what is missing.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DatasetMissingError, parseCsv, parseJsonText, type CsvRow, type RawRecord } from '../read-dataset.js';
import { indicatorFileOf, indicatorRecordsFromCsv, readCensusCsv, type CensusPart } from './indicator-csv.js';

export interface CatalogueField {
  path: string;
  column: string;
  topic: string;
  key: string;
  comparableTo?: string;
  sexes?: string[];
}

export interface Catalogues {
  indicators: { people: CatalogueField[]; households: CatalogueField[] };
  indicators2014: { people: CatalogueField[]; households: CatalogueField[] };
  economy: CatalogueField[];
  housing: CatalogueField[];
  /** The catalogue files verbatim, served under /data/v1/. */
  verbatim: Map<string, string>;
}

export interface IndicatorFiles {
  /** Records by their source file, e.g. `regions.json`, `communes/12.json`. */
  files: Map<string, RawRecord[]>;
}

export interface FigureSources {
  catalogues: Catalogues;
  indicators: IndicatorFiles;
  indicators2014: IndicatorFiles;
  economy: CsvRow[];
  housing: CsvRow[];
}

export const CATALOGUE_FILES = ['indicators/fields.json', 'indicators/2014/fields.json', 'economy/fields.json', 'housing/fields.json'] as const;

function readJson(path: string): any {
  return parseJsonText(readFileSync(path, 'utf8'), path);
}

/**
 * Every indicator file present for one census: the per-level files and communes/NN.json, then
 * the units only `people.csv`/`households.csv` hold, filed under the JSON file they would be in.
 */
function readIndicatorFiles(datasetDir: string, dir: string, catalogue: { people: CatalogueField[]; households: CatalogueField[] }): IndicatorFiles {
  const files = new Map<string, RawRecord[]>();
  if (!existsSync(dir)) return { files };
  for (const name of ['national.json', 'regions.json', 'provinces.json', 'cercles.json', 'arrondissements.json', 'urban-centres.json']) {
    const path = join(dir, name);
    if (!existsSync(path)) continue;
    const parsed = readJson(path);
    files.set(name, Array.isArray(parsed) ? parsed : [parsed]);
  }
  const communes = join(dir, 'communes');
  if (existsSync(communes)) {
    for (const name of readdirSync(communes).filter((n) => /^\d{2}\.json$/.test(n)).sort()) files.set(`communes/${name}`, readJson(join(communes, name)));
  }
  const table = (part: CensusPart) => {
    const path = join(dir, `${part}.csv`);
    return existsSync(path) ? readCensusCsv(relative(datasetDir, path), readFileSync(path, 'utf8'), part, catalogue[part]) : null;
  };
  const inJson = new Set([...files.values()].flat().map((r) => r.code ?? 'country'));
  for (const record of indicatorRecordsFromCsv(table('people'), table('households'))) {
    const file = indicatorFileOf(record);
    if (!file || inJson.has(record.code ?? 'country')) continue;
    files.set(file, [...(files.get(file) ?? []), record]);
  }
  return { files };
}

export function readFigures(datasetDir: string): FigureSources {
  const verbatim = new Map<string, string>();
  // The 2014 census is optional as a whole: its catalogue is needed only where its figures are.
  const has2014 = existsSync(join(datasetDir, 'indicators', '2014'));
  for (const file of CATALOGUE_FILES) {
    const path = join(datasetDir, file);
    if (file.startsWith('indicators/2014/') && !has2014) continue;
    if (!existsSync(path)) throw new DatasetMissingError(`missing field catalogue ${path}`);
    verbatim.set(file, readFileSync(path, 'utf8'));
    parseJsonText(verbatim.get(file)!, file); // a broken catalogue fails here, named
  }
  const parsed = (file: (typeof CATALOGUE_FILES)[number]) => JSON.parse(verbatim.get(file) ?? '{"people":[],"households":[]}');
  const csv = (file: string) => (existsSync(join(datasetDir, file)) ? parseCsv(readFileSync(join(datasetDir, file), 'utf8'), file) : []);
  const catalogues: Catalogues = {
    indicators: { people: parsed('indicators/fields.json').people, households: parsed('indicators/fields.json').households },
    indicators2014: { people: parsed('indicators/2014/fields.json').people, households: parsed('indicators/2014/fields.json').households },
    economy: parsed('economy/fields.json').fields,
    housing: parsed('housing/fields.json').fields,
    verbatim,
  };
  return {
    catalogues,
    indicators: readIndicatorFiles(datasetDir, join(datasetDir, 'indicators'), catalogues.indicators),
    indicators2014: readIndicatorFiles(datasetDir, join(datasetDir, 'indicators', '2014'), catalogues.indicators2014),
    economy: csv('economy/establishments.csv'),
    housing: csv('housing/dwellings.csv'),
  };
}
