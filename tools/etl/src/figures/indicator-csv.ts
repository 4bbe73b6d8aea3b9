/**
 * The census indicators in their flat form (dataset.md §2): `people.csv`, one row per unit ×
 * area × sex, and `households.csv`, one row per unit × area, with one column per catalogue
 * field (its `column`) beside `code`, `code_digits`, `level`, `name_fr`, `name_ar`, `area`,
 * `sex` and `from_local_administration`. Read only for units no JSON file holds.
 */
import type { CsvRow, RawRecord } from '../read-dataset.js';
import type { CatalogueField } from './read-figures.js';

const AREAS = ['total', 'urban', 'rural'] as const;

function value(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

/** Records in the JSON files' shape, one per unit, from the two CSVs. */
export function indicatorRecordsFromCsv(
  people: readonly CsvRow[],
  households: readonly CsvRow[],
  catalogue: { people: CatalogueField[]; households: CatalogueField[] },
): RawRecord[] {
  const units = new Map<string, RawRecord>();
  const unitOf = (row: CsvRow): RawRecord => {
    const key = row.code ?? '';
    let record = units.get(key);
    if (!record) {
      record = {
        code: row.code || null,
        codeDigits: row.code_digits || null,
        level: row.level,
        name: { fr: row.name_fr, ar: row.name_ar || null },
        ...(row.level === 'urbanCentre' && row.code ? { communeCode: row.code.replace(/\.\d+$/, '') } : {}),
        fromLocalAdministration: row.from_local_administration === 'true',
        people: { total: null, urban: null, rural: null },
        households: { total: null, urban: null, rural: null },
      };
      units.set(key, record);
    }
    return record;
  };
  const fill = (target: Record<string, any>, fields: CatalogueField[], row: CsvRow) => {
    for (const field of fields) if (field.column in row) (target[field.topic] ??= {})[field.key] = value(row[field.column]);
  };
  for (const row of people) {
    const area = row.area as (typeof AREAS)[number];
    const sex = row.sex ?? 'all';
    if (!AREAS.includes(area)) continue;
    const record = unitOf(row);
    const byArea = (record.people[area] ??= {});
    fill((byArea[sex] ??= {}), catalogue.people.filter((f) => (f.sexes ?? ['all']).includes(sex)), row);
  }
  for (const row of households) {
    const area = row.area as (typeof AREAS)[number];
    if (!AREAS.includes(area)) continue;
    fill((unitOf(row).households[area] ??= {}), catalogue.households, row);
  }
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
