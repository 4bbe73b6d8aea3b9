/**
 * The douars (villages) of the 2024 census (issue 14, first part): `douars/douars.csv`, read
 * strictly when the dataset has it. Each row becomes a record grouped the way census records
 * are (`population`, `households`, `shares`, `distancesKm`), with null where the file publishes
 * nothing, never an invented zero. Checks: every commune code a commune of the dataset, every
 * douar code beginning with its commune's and fraction's digits (so a code alone finds its
 * douar), no douar code twice, and a commune's douars never more populous than its rural
 * population.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOUAR_CODE, SETTLEMENT_TYPES, childListPath, douarCodePrefix, listEnvelope, type DouarRecord, type Envelope, type SettlementType, type UnitIndexEntry } from '@mc/contracts';
import { parseCsv } from '../read-dataset.js';

export const DOUARS_FILE = 'douars/douars.csv';

const COLUMNS = [
  'code', 'commune_code', 'fraction_code', 'fraction_ar', 'name_ar', 'type', 'households', 'population',
  'nationality_moroccan', 'nationality_foreign', 'sex_male', 'sex_female', 'age_under_15', 'age_15_59', 'age_60_plus',
  'civil_registration_registered', 'marital_status_population_15_plus', 'marital_status_single', 'marital_status_married',
  'marital_status_divorced', 'marital_status_widowed', 'dwelling_type_villa', 'dwelling_type_apartment',
  'dwelling_type_traditional_moroccan_house', 'dwelling_type_modern_moroccan_house', 'dwelling_type_basic_or_slum',
  'dwelling_type_rural_solid', 'dwelling_type_rural_earth', 'dwelling_type_other', 'distance_km_paved_road',
  'distance_km_drivable_track', 'distance_km_primary_school', 'distance_km_middle_school', 'distance_km_high_school',
  'distance_km_health_centre',
] as const;

export type { DouarRecord, SettlementType } from '@mc/contracts';

export class DouarsInvalidError extends Error {
  override name = 'DouarsInvalidError';
}

/**
 * What a commune's douars may hold at most: its rural population (the municipal figure, which
 * douar populations add up to), or its total where the dataset has no census record for it.
 */
export interface PopulationBound {
  people: number;
  what: string;
}

/** The bound of a commune from its 2024 census record (an envelope as the ETL writes it) and its total population. */
export function douarPopulationBound(indicators: unknown, total: number | null): PopulationBound | null {
  type Block = { all?: { population?: { municipal?: number | null; legal?: number | null } } } | null;
  const people = (indicators as { data?: { people?: { rural?: Block } } } | undefined)?.data?.people;
  // A census record without a rural block: the commune has no rural population at all.
  if (people && people.rural === null) return { people: 0, what: 'rural population (none: an urban commune)' };
  const rural = people?.rural?.all?.population;
  if (typeof rural?.municipal === 'number') return { people: rural.municipal, what: 'rural municipal population' };
  if (typeof rural?.legal === 'number') return { people: rural.legal, what: 'rural legal population' };
  return total === null ? null : { people: total, what: 'total population' };
}

/** The douars of a dataset folder, by commune code; null when the dataset has no douar file. */
export function readDouars(datasetDir: string, units: readonly UnitIndexEntry[], boundOf: (communeCode: string) => PopulationBound | null): Map<string, DouarRecord[]> | null {
  const file = join(datasetDir, DOUARS_FILE);
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  const header = text.slice(0, text.indexOf('\n')).replace(/^\uFEFF/, '').trim().split(',');
  if (header.join(',') !== COLUMNS.join(',')) throw new DouarsInvalidError(`${file} line 1: expected the columns ${COLUMNS.join(', ')}`);
  const communes = new Set(units.filter((u) => u.level === 'commune').map((u) => u.code));
  const byCommune = new Map<string, DouarRecord[]>();
  const seen = new Set<string>();
  for (const [i, row] of parseCsv(text, file).entries()) {
    const line = i + 2;
    const fail = (why: string): never => {
      throw new DouarsInvalidError(`${file} line ${line}: ${why}`);
    };
    const number = (column: (typeof COLUMNS)[number]): number | null => {
      const raw = (row[column] ?? '').trim();
      if (raw === '') return null;
      const value = Number(raw);
      return Number.isFinite(value) && value >= 0 ? value : fail(`${column} "${raw}" is not a number of 0 or more`);
    };
    const text = (column: (typeof COLUMNS)[number]) => (row[column] ?? '').trim() || null;
    const code = text('code') ?? fail('a douar without a code');
    if (!DOUAR_CODE.test(code)) fail(`douar code "${code}" is not 13 digits`);
    if (seen.has(code)) fail(`douar ${code} appears twice`);
    seen.add(code);
    const commune = text('commune_code') ?? fail(`douar ${code} has no commune`);
    if (!communes.has(commune)) fail(`commune ${commune} of douar ${code} is not a commune of the dataset`);
    if (!code.startsWith(douarCodePrefix(commune))) fail(`douar ${code} does not begin with the digits of its commune ${commune} (${douarCodePrefix(commune)})`);
    const fractionCode = text('fraction_code') ?? fail(`douar ${code} has no fraction`);
    if (!/^\d{10}$/.test(fractionCode) || !code.startsWith(fractionCode)) fail(`fraction ${fractionCode} of douar ${code} is not the first 10 digits of its code`);
    const type = text('type');
    if (type !== null && !(SETTLEMENT_TYPES as readonly string[]).includes(type)) fail(`type "${type}" is not grouped, dispersed or split`);
    const record: DouarRecord = {
      code,
      commune,
      fraction: { code: fractionCode, ar: text('fraction_ar') },
      name: { ar: text('name_ar') },
      type: type as SettlementType | null,
      households: number('households'),
      population: number('population'),
      shares: {
        nationality: { moroccan: number('nationality_moroccan'), foreign: number('nationality_foreign') },
        sex: { male: number('sex_male'), female: number('sex_female') },
        age: { under15: number('age_under_15'), from15To59: number('age_15_59'), from60: number('age_60_plus') },
        civilRegistration: { registered: number('civil_registration_registered') },
        maritalStatus: {
          population15Plus: number('marital_status_population_15_plus'),
          single: number('marital_status_single'),
          married: number('marital_status_married'),
          divorced: number('marital_status_divorced'),
          widowed: number('marital_status_widowed'),
        },
        dwellingType: {
          villa: number('dwelling_type_villa'),
          apartment: number('dwelling_type_apartment'),
          traditionalMoroccanHouse: number('dwelling_type_traditional_moroccan_house'),
          modernMoroccanHouse: number('dwelling_type_modern_moroccan_house'),
          basicOrSlum: number('dwelling_type_basic_or_slum'),
          ruralSolid: number('dwelling_type_rural_solid'),
          ruralEarth: number('dwelling_type_rural_earth'),
          other: number('dwelling_type_other'),
        },
      },
      distancesKm: {
        pavedRoad: number('distance_km_paved_road'),
        drivableTrack: number('distance_km_drivable_track'),
        primarySchool: number('distance_km_primary_school'),
        middleSchool: number('distance_km_middle_school'),
        highSchool: number('distance_km_high_school'),
        healthCentre: number('distance_km_health_centre'),
      },
    };
    byCommune.set(commune, [...(byCommune.get(commune) ?? []), record]);
  }
  for (const [commune, douars] of byCommune) {
    const sum = douars.reduce((total, d) => total + (d.population ?? 0), 0);
    const bound = boundOf(commune);
    if (bound !== null && sum > bound.people) throw new DouarsInvalidError(`${file}: the douars of commune ${commune} hold ${sum} people, more than its ${bound.what} of ${bound.people}`);
  }
  return byCommune;
}

/** Every commune's `douars.json`: its douars by code, an empty list where it has none (urban communes). */
export function douarFiles(byCommune: ReadonlyMap<string, DouarRecord[]>, units: readonly UnitIndexEntry[], datasetVersion: string): Map<string, Envelope<DouarRecord[]>> {
  const files = new Map<string, Envelope<DouarRecord[]>>();
  for (const unit of units) {
    if (unit.level !== 'commune') continue;
    const path = childListPath('commune', unit.code, 'douars');
    const douars = [...(byCommune.get(unit.code) ?? [])].sort((a, b) => (a.code < b.code ? -1 : 1));
    files.set(path, listEnvelope(douars, datasetVersion, path));
  }
  return files;
}

/** What each column of the file becomes in a douar record, with its label and unit. */
const FIELDS: ReadonlyArray<{ column: (typeof COLUMNS)[number]; path: string; label: string; unit: string }> = [
  { column: 'code', path: 'code', label: 'Douar code (HCP)', unit: 'code' },
  { column: 'commune_code', path: 'commune', label: 'Commune code', unit: 'code' },
  { column: 'fraction_code', path: 'fraction.code', label: 'Fraction code', unit: 'code' },
  { column: 'fraction_ar', path: 'fraction.ar', label: 'Fraction name (Arabic)', unit: 'text' },
  { column: 'name_ar', path: 'name.ar', label: 'Douar name (Arabic)', unit: 'text' },
  { column: 'type', path: 'type', label: 'Settlement type: grouped, dispersed or split', unit: 'category' },
  { column: 'households', path: 'households', label: 'Households', unit: 'households' },
  { column: 'population', path: 'population', label: 'Legal population', unit: 'people' },
  { column: 'nationality_moroccan', path: 'shares.nationality.moroccan', label: 'Moroccan nationals', unit: '% of the population' },
  { column: 'nationality_foreign', path: 'shares.nationality.foreign', label: 'Foreign nationals', unit: '% of the population' },
  { column: 'sex_male', path: 'shares.sex.male', label: 'Men', unit: '% of the population' },
  { column: 'sex_female', path: 'shares.sex.female', label: 'Women', unit: '% of the population' },
  { column: 'age_under_15', path: 'shares.age.under15', label: 'Aged under 15', unit: '% of the population' },
  { column: 'age_15_59', path: 'shares.age.from15To59', label: 'Aged 15 to 59', unit: '% of the population' },
  { column: 'age_60_plus', path: 'shares.age.from60', label: 'Aged 60 and over', unit: '% of the population' },
  { column: 'civil_registration_registered', path: 'shares.civilRegistration.registered', label: 'Registered in the civil registry', unit: '% of the population' },
  { column: 'marital_status_population_15_plus', path: 'shares.maritalStatus.population15Plus', label: 'Population aged 15 and over (the base of the marital shares)', unit: 'people' },
  { column: 'marital_status_single', path: 'shares.maritalStatus.single', label: 'Single', unit: '% of those aged 15 and over' },
  { column: 'marital_status_married', path: 'shares.maritalStatus.married', label: 'Married', unit: '% of those aged 15 and over' },
  { column: 'marital_status_divorced', path: 'shares.maritalStatus.divorced', label: 'Divorced', unit: '% of those aged 15 and over' },
  { column: 'marital_status_widowed', path: 'shares.maritalStatus.widowed', label: 'Widowed', unit: '% of those aged 15 and over' },
  { column: 'dwelling_type_villa', path: 'shares.dwellingType.villa', label: 'Households in a villa', unit: '% of households' },
  { column: 'dwelling_type_apartment', path: 'shares.dwellingType.apartment', label: 'Households in an apartment', unit: '% of households' },
  { column: 'dwelling_type_traditional_moroccan_house', path: 'shares.dwellingType.traditionalMoroccanHouse', label: 'Households in a traditional Moroccan house', unit: '% of households' },
  { column: 'dwelling_type_modern_moroccan_house', path: 'shares.dwellingType.modernMoroccanHouse', label: 'Households in a modern Moroccan house', unit: '% of households' },
  { column: 'dwelling_type_basic_or_slum', path: 'shares.dwellingType.basicOrSlum', label: 'Households in basic housing or a slum', unit: '% of households' },
  { column: 'dwelling_type_rural_solid', path: 'shares.dwellingType.ruralSolid', label: 'Households in a rural house of solid materials', unit: '% of households' },
  { column: 'dwelling_type_rural_earth', path: 'shares.dwellingType.ruralEarth', label: 'Households in a rural house of earth', unit: '% of households' },
  { column: 'dwelling_type_other', path: 'shares.dwellingType.other', label: 'Households in another dwelling', unit: '% of households' },
  { column: 'distance_km_paved_road', path: 'distancesKm.pavedRoad', label: 'Distance to the nearest paved road', unit: 'km' },
  { column: 'distance_km_drivable_track', path: 'distancesKm.drivableTrack', label: 'Distance to the nearest drivable track', unit: 'km' },
  { column: 'distance_km_primary_school', path: 'distancesKm.primarySchool', label: 'Distance to the nearest primary school', unit: 'km' },
  { column: 'distance_km_middle_school', path: 'distancesKm.middleSchool', label: 'Distance to the nearest middle school', unit: 'km' },
  { column: 'distance_km_high_school', path: 'distancesKm.highSchool', label: 'Distance to the nearest high school', unit: 'km' },
  { column: 'distance_km_health_centre', path: 'distancesKm.healthCentre', label: 'Distance to the nearest health centre', unit: 'km' },
];

export const DOUAR_FIELDS_PATH = '/data/v1/douars/fields.json';

/**
 * `/data/v1/douars/fields.json`: the upstream catalogue of the douar file is not mirrored, so
 * it is written from the file's columns, in the shape of the other field catalogues.
 */
export function douarFieldCatalogue(source: { id: string; url?: string } | undefined) {
  return { census: '2024', source: source ?? { id: 'hcp-2024-douars' }, fields: FIELDS.map((f) => ({ ...f })) };
}
