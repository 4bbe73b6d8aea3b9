/**
 * The census indicators in their flat form (dataset.md §2): `people.csv`, one row per unit ×
 * area × sex, and `households.csv`, one row per unit × area, with one column per catalogue
 * field (its `column`) beside the identity columns. Read as the upstream writes them: a
 * byte-order mark, no Arabic names, empty cells for HCP's signs, and only the topics that
 * version published (2024 without `commute_*`). Anything else fails with one line naming the
 * file, the line and the column.
 */
import { parse, CsvError } from 'csv-parse/sync';
import type { RawRecord } from '../read-dataset.js';
import type { CatalogueField } from './read-figures.js';

export type CensusPart = 'people' | 'households';

/** A census CSV that cannot be read as the upstream layout; the message is the whole story. */
export class CensusCsvError extends Error {
  constructor(file: string, line: number, column: string | null, problem: string) {
    super(`${file} line ${line}${column ? `, column ${column}` : ''}: ${problem}`);
    this.name = 'CensusCsvError';
  }
}

const AREAS = ['total', 'urban', 'rural'] as const;
const SEXES = ['all', 'male', 'female'] as const;
const LEVELS = ['country', 'region', 'province', 'cercle', 'commune', 'arrondissement', 'urbanCentre'] as const;
type Area = (typeof AREAS)[number];
type Sex = (typeof SEXES)[number];

const REQUIRED: Record<CensusPart, readonly string[]> = {
  people: ['code', 'code_digits', 'level', 'name_fr', 'area', 'sex'],
  households: ['code', 'code_digits', 'level', 'name_fr', 'area'],
};
/** Identity columns some versions carry and others do not. */
const OPTIONAL = ['name_ar', 'from_local_administration'];
/** HCP's signs for "nothing to report" and "unavailable" (indicators/fields.json notes): null. */
const SIGNS = new Set(['…', '.', '-']);
const NUMBER = /^-?\d+(\.\d+)?$/;

export interface CensusRow {
  line: number;
  code: string | null;
  codeDigits: string | null;
  level: (typeof LEVELS)[number];
  nameFr: string;
  nameAr: string | null;
  area: Area;
  sex: Sex;
  fromLocalAdministration: boolean | null;
  /** Figures by catalogue column; null where the cell is empty or a sign. */
  values: Map<string, number | null>;
}

export interface CensusTable {
  file: string;
  /** Catalogue fields this file has a column for, in catalogue order. */
  fields: CatalogueField[];
  /** Catalogue paths the file has no column for: a whole topic as `commute`, else `topic.key`. */
  missing: string[];
  rows: CensusRow[];
}

/** Catalogue paths absent from `columns`, a wholly absent topic named once. */
export function missingPaths(catalogue: readonly CatalogueField[], columns: ReadonlySet<string>): string[] {
  const missing: string[] = [];
  const topics = [...new Set(catalogue.map((f) => f.topic))];
  for (const topic of topics) {
    const fields = catalogue.filter((f) => f.topic === topic);
    const absent = fields.filter((f) => !columns.has(f.column));
    if (absent.length === fields.length) missing.push(topic);
    else missing.push(...absent.map((f) => f.path));
  }
  return missing;
}

/** Parses one census CSV against its catalogue; throws CensusCsvError on the first thing it cannot read. */
export function readCensusCsv(file: string, text: string, part: CensusPart, catalogue: readonly CatalogueField[]): CensusTable {
  let parsed: Array<{ record: string[]; info: { lines: number } }>;
  try {
    parsed = parse(text, { bom: true, info: true, relax_column_count: false, skip_empty_lines: true }) as unknown as typeof parsed;
  } catch (error) {
    if (error instanceof CsvError) throw new CensusCsvError(file, Number((error as CsvError & { lines?: number }).lines ?? 0), null, error.message.replace(/^Invalid Record Length: /, ''));
    throw error;
  }
  if (parsed.length === 0) throw new CensusCsvError(file, 1, null, 'the file is empty; it needs a header line');
  const header = parsed[0]!.record;
  const byColumn = new Map(catalogue.map((f) => [f.column, f]));
  const seen = new Set<string>();
  header.forEach((name, i) => {
    if (seen.has(name)) throw new CensusCsvError(file, 1, `${i + 1} (${name})`, 'the column appears twice');
    seen.add(name);
    if (!REQUIRED[part].includes(name) && !OPTIONAL.includes(name) && !byColumn.has(name)) {
      throw new CensusCsvError(file, 1, `${i + 1} (${name})`, `not an identity column and not a ${part} column of the field catalogue`);
    }
  });
  for (const name of REQUIRED[part]) if (!seen.has(name)) throw new CensusCsvError(file, 1, null, `the header has no ${name} column`);
  const at = (name: string) => header.indexOf(name);
  const fields = catalogue.filter((f) => seen.has(f.column));
  const fieldIndex = fields.map((f) => at(f.column));

  const rows: CensusRow[] = [];
  const keys = new Map<string, number>();
  for (const { record, info } of parsed.slice(1)) {
    const line = info.lines;
    const cell = (name: string) => (at(name) < 0 ? undefined : record[at(name)]);
    const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback?: T): T => {
      const raw = cell(name) ?? fallback;
      if (raw === undefined || !allowed.includes(raw as T)) throw new CensusCsvError(file, line, `${at(name) + 1} (${name})`, `"${raw ?? ''}" is not one of ${allowed.join(', ')}`);
      return raw as T;
    };
    const level = oneOf('level', LEVELS);
    const code = cell('code') || null;
    if ((code === null) !== (level === 'country')) throw new CensusCsvError(file, line, `${at('code') + 1} (code)`, level === 'country' ? 'the country row has a code' : `a ${level} row needs a code`);
    const area = oneOf('area', AREAS);
    const sex = part === 'people' ? oneOf('sex', SEXES) : 'all';
    const flag = cell('from_local_administration');
    if (flag !== undefined && flag !== 'true' && flag !== 'false' && flag !== '') throw new CensusCsvError(file, line, `${at('from_local_administration') + 1} (from_local_administration)`, `"${flag}" is not true or false`);
    const key = `${code ?? 'country'}|${area}|${sex}`;
    const earlier = keys.get(key);
    if (earlier !== undefined) throw new CensusCsvError(file, line, null, `${code ?? 'the country'} ${area}${part === 'people' ? ` ${sex}` : ''} is already on line ${earlier}`);
    keys.set(key, line);
    const values = new Map<string, number | null>();
    fields.forEach((field, i) => {
      const raw = record[fieldIndex[i]!]!.trim();
      if (raw === '' || SIGNS.has(raw)) values.set(field.column, null);
      else if (NUMBER.test(raw)) values.set(field.column, Number(raw));
      else throw new CensusCsvError(file, line, `${fieldIndex[i]! + 1} (${field.column})`, `"${raw}" is not a number`);
    });
    rows.push({
      line,
      code,
      codeDigits: cell('code_digits') || null,
      level,
      nameFr: cell('name_fr') ?? '',
      nameAr: cell('name_ar') || null,
      area,
      sex,
      fromLocalAdministration: flag === 'true' ? true : flag === 'false' ? false : null,
      values,
    });
  }
  return { file, fields, missing: missingPaths(catalogue, seen), rows };
}

/**
 * Whether HCP published only counts for a unit (the `*` of its tables: figures collected from
 * the local administration), for files that carry no `from_local_administration` column: a
 * legal population and nothing else beyond population and household counts.
 */
function onlyCounts(people: Record<string, any> | undefined): boolean {
  const all = people?.total?.all;
  if (!all || all.population?.legal == null) return false;
  return Object.entries(all).every(([topic, figures]) => topic === 'population' || Object.values(figures as object).every((v) => v === null));
}

/** Records in the JSON files' shape, one per unit, from the two tables of one census. */
export function indicatorRecordsFromCsv(people: CensusTable | null, households: CensusTable | null): RawRecord[] {
  const units = new Map<string, RawRecord>();
  const flags = new Map<string, boolean>();
  const unitOf = (row: CensusRow): RawRecord => {
    const key = row.code ?? 'country';
    let record = units.get(key);
    if (!record) {
      record = {
        code: row.code,
        codeDigits: row.codeDigits,
        level: row.level,
        name: { fr: row.nameFr, ar: row.nameAr },
        ...(row.level === 'urbanCentre' && row.code ? { communeCode: row.code.replace(/\.\d+$/, '') } : {}),
        fromLocalAdministration: false,
        people: { total: null, urban: null, rural: null },
        households: { total: null, urban: null, rural: null },
      };
      const missing = [...(people?.missing ?? []), ...(households?.missing ?? [])];
      if (missing.length > 0) record.missingTopics = missing;
      units.set(key, record);
    }
    if (row.fromLocalAdministration !== null) flags.set(key, row.fromLocalAdministration || (flags.get(key) ?? false));
    return record;
  };
  const fill = (row: CensusRow, fields: CatalogueField[]) => {
    const target: Record<string, Record<string, number | null>> = {};
    for (const field of fields) if ((field.sexes ?? SEXES).includes(row.sex)) (target[field.topic] ??= {})[field.key] = row.values.get(field.column) ?? null;
    return target;
  };
  for (const row of people?.rows ?? []) (unitOf(row).people[row.area] ??= {})[row.sex] = fill(row, people!.fields);
  for (const row of households?.rows ?? []) unitOf(row).households[row.area] = fill(row, households!.fields);
  for (const [key, record] of units) record.fromLocalAdministration = flags.get(key) ?? onlyCounts(record.people);
  return [...units.values()];
}

/** The JSON file that would hold a record of this level, had the dataset one. */
export function indicatorFileOf(record: RawRecord): string | null {
  switch (record.level) {
    case 'country':
      return 'national.json';
    case 'region':
      return 'regions.json';
    case 'province':
      return 'provinces.json';
    case 'cercle':
      return 'cercles.json';
    case 'arrondissement':
      return 'arrondissements.json';
    case 'urbanCentre':
      return 'urban-centres.json';
    case 'commune':
      return typeof record.code === 'string' ? `communes/${record.code.slice(0, 2)}.json` : null;
    default:
      return null;
  }
}
