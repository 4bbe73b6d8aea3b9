/**
 * Checks the dataset before anything is written. Every rule adds readable violations naming
 * the file and the record; the ETL stops when there is any, so nothing half-valid is served.
 */
import { DOTTED_CODE, codeDigitsOf, slugify, type Collection, type Level } from '@mc/contracts';
import type { CsvRow, RawDataset, RawRecord } from './read-dataset.js';

export const EXPECTED_COUNTS: Record<Collection, number> = {
  regions: 12,
  provinces: 83,
  cercles: 213,
  communes: 1503,
  arrondissements: 41,
};

const LEVEL_OF_FILE: Record<Collection, Level> = {
  regions: 'region',
  provinces: 'province',
  cercles: 'cercle',
  communes: 'commune',
  arrondissements: 'arrondissement',
};

/** Dotted parts per level; a préfecture d'arrondissements (06.141.01.00) has a commune-like code. */
function codeShapeFits(level: Level, code: string, raw: RawRecord): boolean | undefined {
  if (!DOTTED_CODE.test(code)) return false;
  const parts = code.split('.').length;
  switch (level) {
    case 'region':
      return parts === 1;
    case 'province':
      return parts === 2 || (parts === 4 && raw.type === 'prefecture_of_arrondissements');
    case 'cercle':
      return parts === 3;
    case 'commune':
    case 'arrondissement':
      return parts === 4;
  }
}

const label = (file: Collection, raw: RawRecord) => `${file}.json: ${raw.code ?? '(no code)'} (${raw.name?.fr ?? 'no name'})`;

export function checkDataset(dataset: RawDataset): string[] {
  const violations: string[] = [];
  const add = (message: string) => violations.push(message);
  const units = new Map<string, { level: Level; raw: RawRecord; file: Collection }>();

  for (const [file, expected] of Object.entries(EXPECTED_COUNTS) as Array<[Collection, number]>) {
    const rows = dataset.json[file];
    if (rows.length !== expected) add(`${file}.json: ${rows.length} records, expected ${expected}`);
    if (dataset.csv[file].length !== rows.length) {
      add(`${file}.csv: ${dataset.csv[file].length} rows, but ${file}.json has ${rows.length} records`);
    }
    const level = LEVEL_OF_FILE[file];
    for (const raw of rows) {
      if (typeof raw.code !== 'string') {
        add(`${label(file, raw)}: code is missing`);
        continue;
      }
      const earlier = units.get(raw.code);
      if (earlier) {
        add(`${label(file, raw)}: duplicated code, already used by ${label(earlier.file, earlier.raw)}`);
        continue;
      }
      units.set(raw.code, { level, raw, file });
      if (!codeShapeFits(level, raw.code, raw)) add(`${label(file, raw)}: code is not a dotted ${level} code`);
      else if (raw.codeDigits !== codeDigitsOf(raw.code, level)) {
        add(`${label(file, raw)}: codeDigits ${raw.codeDigits} does not agree with code (expected ${codeDigitsOf(raw.code, level)})`);
      }
      if (typeof raw.name?.fr !== 'string' || slugify(raw.name.fr) === '') add(`${label(file, raw)}: French name is missing`);
      const total = raw.population?.['2024']?.total;
      if (!Number.isInteger(total) || total < 0) add(`${label(file, raw)}: 2024 population is not a whole number`);
    }
  }

  const parentCheck = (file: Collection, raw: RawRecord, field: string, code: unknown, level: Level, nullable = false) => {
    if (code === null || code === undefined) {
      if (!nullable) add(`${label(file, raw)}: ${field} is missing`);
      return undefined;
    }
    const parent = units.get(String(code));
    if (!parent) add(`${label(file, raw)}: ${field} ${code} does not exist`);
    else if (parent.level !== level) add(`${label(file, raw)}: ${field} ${code} is a ${parent.level}, not a ${level}`);
    else return parent.raw;
    return undefined;
  };

  for (const raw of dataset.json.provinces) parentCheck('provinces', raw, 'regionCode', raw.regionCode, 'region');
  for (const raw of dataset.json.cercles) {
    parentCheck('cercles', raw, 'regionCode', raw.regionCode, 'region');
    const province = parentCheck('cercles', raw, 'provinceCode', raw.provinceCode, 'province');
    if (province && province.regionCode !== raw.regionCode) {
      add(`${label('cercles', raw)}: province ${raw.provinceCode} is in région ${province.regionCode}, not ${raw.regionCode}`);
    }
  }
  const slugs = new Map<string, RawRecord>();
  for (const raw of dataset.json.communes) {
    const p = raw.parents ?? {};
    parentCheck('communes', raw, 'parents.region', p.region, 'region');
    const province = parentCheck('communes', raw, 'parents.province', p.province, 'province');
    const cercle = parentCheck('communes', raw, 'parents.cercle', p.cercle, 'cercle', raw.type === 'urban');
    if (province && province.regionCode !== p.region) {
      add(`${label('communes', raw)}: province ${p.province} is in région ${province.regionCode}, not ${p.region}`);
    }
    if (cercle && cercle.provinceCode !== p.province) {
      add(`${label('communes', raw)}: cercle ${p.cercle} is in province ${cercle.provinceCode}, not ${p.province}`);
    }
    if (raw.type !== 'urban' && raw.type !== 'rural') add(`${label('communes', raw)}: type ${raw.type} is neither urban nor rural`);
    if (typeof raw.slug !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(raw.slug)) {
      add(`${label('communes', raw)}: slug ${raw.slug} is not a slug`);
    } else if (typeof raw.name?.fr === 'string' && !raw.slug.startsWith(slugify(raw.name.fr))) {
      add(`${label('communes', raw)}: slug ${raw.slug} does not spell the name`);
    }
    const other = slugs.get(raw.slug);
    if (other) add(`${label('communes', raw)}: slug ${raw.slug} is also the slug of ${label('communes', other)}`);
    else slugs.set(raw.slug, raw);
  }
  for (const raw of dataset.json.arrondissements) {
    parentCheck('arrondissements', raw, 'communeCode', raw.communeCode, 'commune');
    const prefecture = parentCheck('arrondissements', raw, 'prefectureOfArrondissementsCode', raw.prefectureOfArrondissementsCode, 'province', true);
    if (prefecture && prefecture.type !== 'prefecture_of_arrondissements') {
      add(`${label('arrondissements', raw)}: ${raw.prefectureOfArrondissementsCode} is not a préfecture d'arrondissements`);
    }
  }

  checkChildCounts(dataset, add);
  checkCsvAgreesWithJson(dataset, add);
  return violations;
}

/** The counts a parent publishes must be the children the files hold. */
function checkChildCounts(dataset: RawDataset, add: (m: string) => void): void {
  const count = (rows: RawRecord[], key: (r: RawRecord) => unknown) => {
    const counts = new Map<unknown, number>();
    for (const r of rows) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
    return counts;
  };
  const communesByRegion = count(dataset.json.communes, (c) => c.parents?.region);
  const communesByProvince = count(dataset.json.communes, (c) => c.parents?.province);
  const communesByCercle = count(dataset.json.communes, (c) => c.parents?.cercle);
  // provinceCount leaves out the préfectures d'arrondissements (the counts sum to 75).
  const provincesByRegion = count(
    dataset.json.provinces.filter((p) => p.type !== 'prefecture_of_arrondissements'),
    (p) => p.regionCode,
  );
  const cerclesByProvince = count(dataset.json.cercles, (c) => c.provinceCode);
  const expect = (file: Collection, raw: RawRecord, field: string, actual: number) => {
    if (raw[field] !== actual) add(`${label(file, raw)}: ${field} is ${raw[field]}, but the files hold ${actual}`);
  };
  for (const r of dataset.json.regions) {
    expect('regions', r, 'communeCount', communesByRegion.get(r.code) ?? 0);
    expect('regions', r, 'provinceCount', provincesByRegion.get(r.code) ?? 0);
  }
  for (const p of dataset.json.provinces) {
    expect('provinces', p, 'communeCount', communesByProvince.get(p.code) ?? 0);
    expect('provinces', p, 'cercleCount', cerclesByProvince.get(p.code) ?? 0);
  }
  for (const c of dataset.json.cercles) expect('cercles', c, 'communeCount', communesByCercle.get(c.code) ?? 0);
}

/** The CSVs are the flat form of the same records; a disagreement means a broken copy. */
function checkCsvAgreesWithJson(dataset: RawDataset, add: (m: string) => void): void {
  const columns: Record<Collection, Array<[string, (r: RawRecord) => unknown]>> = {
    regions: [
      ['code_digits', (r) => r.codeDigits],
      ['name_fr', (r) => r.name?.fr],
      ['name_ar', (r) => r.name?.ar],
      ['population_2024', (r) => r.population?.['2024']?.total],
    ],
    provinces: [
      ['code_digits', (r) => r.codeDigits],
      ['name_fr', (r) => r.name?.fr],
      ['region_code', (r) => r.regionCode],
      ['population_2024', (r) => r.population?.['2024']?.total],
    ],
    cercles: [
      ['code_digits', (r) => r.codeDigits],
      ['name_fr', (r) => r.name?.fr],
      ['province_code', (r) => r.provinceCode],
      ['population_2024', (r) => r.population?.['2024']?.total],
    ],
    communes: [
      ['code_digits', (r) => r.codeDigits],
      ['slug', (r) => r.slug],
      ['name_fr', (r) => r.name?.fr],
      ['name_ar', (r) => r.name?.ar],
      ['type', (r) => r.type],
      ['province_code', (r) => r.parents?.province],
      ['cercle_code', (r) => r.parents?.cercle ?? ''],
      ['population_2024', (r) => r.population?.['2024']?.total],
      ['households_2024', (r) => r.population?.['2024']?.households],
    ],
    arrondissements: [
      ['code_digits', (r) => r.codeDigits],
      ['name_fr', (r) => r.name?.fr],
      ['commune_code', (r) => r.communeCode],
      ['population_2024', (r) => r.population?.['2024']?.total],
    ],
  };
  for (const file of Object.keys(columns) as Collection[]) {
    const rows = new Map<string, CsvRow>(dataset.csv[file].map((row) => [row.code ?? '', row]));
    for (const raw of dataset.json[file]) {
      const row = rows.get(raw.code);
      if (!row) {
        add(`${file}.csv: ${raw.code} (${raw.name?.fr}) is in ${file}.json but has no row`);
        continue;
      }
      for (const [column, value] of columns[file]) {
        if (!(column in row)) continue;
        if (String(value(raw) ?? '') !== row[column]) {
          add(`${file}.csv: ${raw.code} (${raw.name?.fr}): ${column} is "${row[column]}" but ${file}.json has "${value(raw) ?? ''}"`);
        }
      }
    }
  }
}
