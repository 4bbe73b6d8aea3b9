/**
 * Census indicators, establishments and urban housing as the records of spec §2.9–2.11, one
 * per unit that the dataset has figures for, with the build checks of each family.
 */
import { COLLECTION_OF, listEnvelope, recordEnvelope, type Level, type Name, type UnitIndexEntry } from '@mc/contracts';
import type { Units } from '../model.js';
import type { CsvRow, RawRecord } from '../read-dataset.js';
import { emptyCoverage, type Coverage, type CoverageFamily } from './coverage.js';
import type { FigureSources } from './read-figures.js';

export type FigureFamily = 'indicators' | 'economy' | 'housing';
type FigureLevel = Level | 'country';

export interface FigureBuild {
  files: Map<string, unknown>;
  violations: string[];
  coverage: Coverage;
}

const COUNTRY_NAME: Name = { fr: 'Maroc', ar: 'المغرب' };
/** Where the country's record of a family lives; units' records sit under their own path. */
export const figurePath = (family: FigureFamily, unit: { level: Level; code: string } | null) =>
  unit ? `/api/${COLLECTION_OF[unit.level]}/${unit.code}/${family}.json` : `/api/${family}.json`;

/** The 2014 files that would hold a unit's 2014 figures, were the mirror complete. */
function file2014(level: FigureLevel, code: string | null): string {
  if (level === 'country') return 'national.json';
  if (level === 'commune') return `communes/${code!.slice(0, 2)}.json`;
  return `${COLLECTION_OF[level as Level]}.json`;
}

/** Topics the catalogue defines that the record's source file did not publish (a CSV version without commute). */
const missingOf = (raw: RawRecord) => (Array.isArray(raw.missingTopics) ? { missingTopics: raw.missingTopics } : {});

function setPath(target: Record<string, any>, topic: string, key: string, value: unknown): void {
  (target[topic] ??= {})[key] = value;
}

function numberOrNull(raw: string | undefined, whole: boolean, where: string, violations: string[]): number | null {
  if (raw === undefined || raw === '') return null;
  const value = Number(raw);
  if (!Number.isFinite(value) || (whole && !Number.isInteger(value))) {
    violations.push(`${where}: "${raw}" is not a ${whole ? 'whole number' : 'number'}`);
    return null;
  }
  return value;
}

export function buildFigures(sources: FigureSources, units: Units, datasetVersion: string): FigureBuild {
  const files = new Map<string, unknown>();
  const violations: string[] = [];
  const byCode = new Map<string, UnitIndexEntry>(units.index.map((u) => [u.code, u]));
  const dividedCities = new Set(units.arrondissements.map((a) => a.communeCode));
  const communesWithCentres = new Set(units.communes.filter((c) => c.urbanCentres.length > 0).map((c) => c.code));
  const coverage = emptyCoverage(datasetVersion, { country: 1, region: units.regions.length, province: units.provinces.length, cercle: units.cercles.length, commune: units.communes.length, arrondissement: units.arrondissements.length });
  const count = (family: CoverageFamily, level: FigureLevel) => (coverage.records[family][level] += 1);
  const countMissing = (year: '2024' | '2014', raw: RawRecord) => {
    for (const topic of raw.missingTopics ?? []) coverage.missingTopics[year][topic] = (coverage.missingTopics[year][topic] ?? 0) + 1;
  };

  /** The unit a figure row names, or null for the country; undefined (with a violation) if none. */
  const unitOf = (where: string, code: string | null | undefined, level: string): UnitIndexEntry | null | undefined => {
    if (level === 'country') return null;
    const unit = code ? byCode.get(code) : undefined;
    if (!unit) violations.push(`${where}: ${code} is no unit of the attribute files`);
    else if (unit.level !== level) violations.push(`${where}: ${code} is a ${unit.level}, not a ${level}`);
    else return unit;
    return undefined;
  };
  const header = (unit: UnitIndexEntry | null, level: FigureLevel, name?: { fr?: string; ar?: string | null }) => ({
    code: unit?.code ?? null,
    codeDigits: unit?.codeDigits ?? null,
    level,
    name: unit ? { fr: unit.name.fr, ar: name?.ar ?? unit.name.ar ?? null } : COUNTRY_NAME,
  });
  const publish = (family: FigureFamily, unit: UnitIndexEntry | null, record: unknown, byLevel: Map<FigureLevel, unknown[]>) => {
    const path = figurePath(family, unit);
    files.set(path, recordEnvelope(record, datasetVersion, path));
    const level = unit?.level ?? 'country';
    byLevel.set(level, [...(byLevel.get(level) ?? []), record]);
    count(family, level);
  };
  const comparisons = (family: FigureFamily, byLevel: Map<FigureLevel, unknown[]>, levels: Level[]) => {
    for (const level of levels) {
      const rows = byLevel.get(level);
      if (!rows || rows.length === 0) continue; // no file rather than a list that claims there are none
      const path = `/api/${COLLECTION_OF[level]}/${family}.json`;
      files.set(path, listEnvelope(rows, datasetVersion, path));
    }
  };

  // Census indicators: 2024 at the top level, 2014 under "2014".
  const records2014 = new Map<string, RawRecord>();
  for (const [file, rows] of sources.indicators2014.files) for (const row of rows) records2014.set(`${file}#${row.code ?? 'country'}`, row);
  const centres = new Map<string, RawRecord[]>();
  const hasCentreFile = sources.indicators.files.has('urban-centres.json');
  for (const row of sources.indicators.files.get('urban-centres.json') ?? []) {
    if (!byCode.has(row.communeCode)) violations.push(`indicators/urban-centres.json: ${row.code} names commune ${row.communeCode}, which does not exist`);
    centres.set(row.communeCode, [...(centres.get(row.communeCode) ?? []), row]);
  }
  const indicatorsByLevel = new Map<FigureLevel, unknown[]>();
  for (const [file, rows] of sources.indicators.files) {
    if (file === 'urban-centres.json') continue;
    for (const raw of rows) {
      const unit = unitOf(`indicators/${file}`, raw.code, raw.level);
      if (unit === undefined) continue;
      const level: FigureLevel = unit?.level ?? 'country';
      const record: Record<string, unknown> = {
        ...header(unit, level, raw.name),
        fromLocalAdministration: raw.fromLocalAdministration === true,
        people: raw.people,
        households: raw.households,
        ...missingOf(raw),
      };
      if (level === 'commune') {
        const own = centres.get(unit!.code);
        // Without the urban-centres file, a commune known to have centres can't list them.
        record.urbanCentres = own
          ? own.map((c) => ({ code: c.code, codeDigits: c.codeDigits, level: 'urbanCentre', name: { fr: c.name?.fr, ar: c.name?.ar ?? null }, communeCode: c.communeCode, fromLocalAdministration: c.fromLocalAdministration === true, people: c.people, households: c.households, ...missingOf(c) }))
          : hasCentreFile || !communesWithCentres.has(unit!.code)
            ? []
            : null;
      }
      // 2014: null where the census did not count the unit; absent where the dataset lacks the file.
      const source2014 = file2014(level, unit?.code ?? null);
      if (sources.indicators2014.files.size === 0) {
        // A dataset without the 2014 census: no 2014 key at all.
      } else if (level === 'commune' && dividedCities.has(unit!.code)) record['2014'] = null;
      else if (sources.indicators2014.files.has(source2014)) {
        const old = records2014.get(`${source2014}#${unit?.code ?? 'country'}`);
        record['2014'] = old ? { people: old.people, households: old.households, ...missingOf(old) } : null;
        if (old) {
          count('indicators2014', level);
          countMissing('2014', old);
        }
      }
      countMissing('2024', raw);
      publish('indicators', unit, record, indicatorsByLevel);
    }
  }
  comparisons('indicators', indicatorsByLevel, ['region', 'province', 'cercle', 'arrondissement']);

  // Establishments: every level in one CSV, columns named by the catalogue.
  const economyRows = new Map<string, Record<string, any>>();
  const economyByLevel = new Map<FigureLevel, unknown[]>();
  for (const row of sources.economy) {
    const where = `economy/establishments.csv: ${row.code || 'country'}`;
    const unit = unitOf('economy/establishments.csv', row.code || null, row.level ?? '');
    if (unit === undefined) continue;
    const topics: Record<string, any> = {};
    for (const field of sources.catalogues.economy) setPath(topics, field.topic, field.key, numberOrNull(row[field.column], true, `${where} ${field.column}`, violations));
    const e = topics.establishments ?? {};
    for (const split of ['sector', 'size', 'founded']) {
      const sum = Object.values<number | null>(topics[split] ?? {}).reduce<number>((n, v) => n + (v ?? 0), 0);
      if (sum !== e.business) violations.push(`${where}: ${split} sums to ${sum}, not to its ${e.business} businesses`);
    }
    if (e.total !== e.publicServices + e.nonProfit + e.business) violations.push(`${where}: total ${e.total} is not public services + non-profit + businesses`);
    const record = { ...header(unit, unit?.level ?? 'country'), ...(row.basis === 'arrondissement_sum' ? { basis: 'arrondissement_sum' } : {}), topics };
    if (row.basis === 'arrondissement_sum' && !dividedCities.has(unit?.code ?? '')) violations.push(`${where}: basis arrondissement_sum on a commune without arrondissements`);
    if (unit) economyRows.set(unit.code, record);
    publish('economy', unit, record, economyByLevel);
  }
  // The divided cities carry the exact sum of their arrondissements, figure by figure.
  for (const city of dividedCities) {
    const record = economyRows.get(city);
    if (!record) continue;
    if (record.basis !== 'arrondissement_sum') violations.push(`economy/establishments.csv: ${city} is divided into arrondissements but its basis is not arrondissement_sum`);
    const parts = units.arrondissements.filter((a) => a.communeCode === city).map((a) => economyRows.get(a.code));
    for (const field of sources.catalogues.economy) {
      const sum = parts.reduce((n, p) => n + (p?.topics[field.topic]?.[field.key] ?? 0), 0);
      if (record.topics[field.topic][field.key] !== sum) violations.push(`economy/establishments.csv: ${city} ${field.path} is ${record.topics[field.topic][field.key]}, its arrondissements sum to ${sum}`);
    }
  }
  comparisons('economy', economyByLevel, ['region', 'province', 'arrondissement']);

  // Urban housing: units without urban dwellings have no row, hence no file.
  const housingByLevel = new Map<FigureLevel, unknown[]>();
  const housingTopics = (row: CsvRow, where: string) => {
    const topics: Record<string, any> = {};
    for (const field of sources.catalogues.housing) {
      setPath(topics, field.topic, field.key, numberOrNull(row[field.column], field.path === 'dwellings.total', `${where} ${field.column}`, violations));
    }
    const near100 = (label: string, values: Array<number | null>) => {
      if (values.some((v) => v === null)) return;
      const sum = values.reduce<number>((n, v) => n + v!, 0);
      if (Math.abs(sum - 100) > 0.5) violations.push(`${where}: ${label} sums to ${sum.toFixed(1)}%, not about 100`);
    };
    near100('occupied + unoccupied', [topics.occupancy.occupied, topics.occupancy.unoccupied]);
    near100('sound + precarious', [topics.type.sound, topics.type.precarious]);
    near100('age', Object.values(topics.age));
    near100('walls', Object.values(topics.walls));
    near100('roofs', Object.values(topics.roofs));
    return topics;
  };
  const housingCentres = new Map<string, unknown[]>();
  for (const row of sources.housing.filter((r) => r.level === 'urbanCentre')) {
    const communeCode = row.code!.replace(/\.\d+$/, '');
    if (!byCode.has(communeCode)) violations.push(`housing/dwellings.csv: urban centre ${row.code} names commune ${communeCode}, which does not exist`);
    const centre = { code: row.code, codeDigits: row.code_digits, level: 'urbanCentre', name: { fr: row.name_fr, ar: null }, topics: housingTopics(row, `housing/dwellings.csv: ${row.code}`) };
    housingCentres.set(communeCode, [...(housingCentres.get(communeCode) ?? []), centre]);
  }
  for (const row of sources.housing.filter((r) => r.level !== 'urbanCentre')) {
    const unit = unitOf('housing/dwellings.csv', row.code || null, row.level ?? '');
    if (unit === undefined) continue;
    const record: Record<string, unknown> = { ...header(unit, unit?.level ?? 'country'), topics: housingTopics(row, `housing/dwellings.csv: ${row.code || 'country'}`) };
    if (unit?.level === 'commune') record.urbanCentres = housingCentres.get(unit.code) ?? [];
    publish('housing', unit, record, housingByLevel);
  }
  comparisons('housing', housingByLevel, ['region', 'province']);

  for (const [file, text] of sources.catalogues.verbatim) files.set(`/data/v1/${file}`, JSON.parse(text));

  return { files, violations, coverage };
}

