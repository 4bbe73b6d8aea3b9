/**
 * Douars (villages) of the 2024 census (issue 14): the record the ETL writes, the list query
 * the gateway validates and the catalog answers, and the rules of both (pure).
 */
import { compareByValue } from './sorting.js';
import { invalidCode, invalidQuery } from './problems.js';

export type SettlementType = 'grouped' | 'dispersed' | 'split';
export const SETTLEMENT_TYPES: readonly SettlementType[] = ['grouped', 'dispersed', 'split'];

type Figures<K extends string> = Record<K, number | null>;

export interface DouarRecord {
  code: string;
  commune: string;
  fraction: { code: string; ar: string | null };
  name: { ar: string | null };
  type: SettlementType | null;
  households: number | null;
  population: number | null;
  /** Percentages, each of the group it describes (marital shares of those aged 15 and over). */
  shares: {
    nationality: Figures<'moroccan' | 'foreign'>;
    sex: Figures<'male' | 'female'>;
    age: Figures<'under15' | 'from15To59' | 'from60'>;
    civilRegistration: Figures<'registered'>;
    maritalStatus: Figures<'population15Plus' | 'single' | 'married' | 'divorced' | 'widowed'>;
    dwellingType: Figures<'villa' | 'apartment' | 'traditionalMoroccanHouse' | 'modernMoroccanHouse' | 'basicOrSlum' | 'ruralSolid' | 'ruralEarth' | 'other'>;
  };
  distancesKm: Figures<'pavedRoad' | 'drivableTrack' | 'primarySchool' | 'middleSchool' | 'highSchool' | 'healthCentre'>;
}

/** Douar codes are 13 digits: province (3), cercle (2), commune (2), fraction (3), douar (3). */
export const DOUAR_CODE = /^\d{13}$/;

/**
 * The seven digits a commune's douar codes begin with: its code without the région, so
 * `01.051.03.01` → `0510301`. The ETL refuses a douar whose code does not begin so, which is
 * what lets one douar be found from its code alone.
 */
export function douarCodePrefix(communeCode: string): string {
  return communeCode.split('.').slice(1).join('');
}

/** `GET /api/douars/{code}`: a well-formed douar code, or the 400 that says why not. */
export function checkDouarCode(raw: string): string {
  if (!DOUAR_CODE.test(raw)) throw invalidCode(`${raw} is not a douar code (13 digits, such as 0510301201001)`);
  return raw;
}

/** Numeric fields a douar list sorts by: the record path of every figure of the file. */
export const DOUAR_FIGURE_KEYS = [
  'population',
  'households',
  'distancesKm.pavedRoad',
  'distancesKm.drivableTrack',
  'distancesKm.primarySchool',
  'distancesKm.middleSchool',
  'distancesKm.highSchool',
  'distancesKm.healthCentre',
  'shares.nationality.moroccan',
  'shares.nationality.foreign',
  'shares.sex.male',
  'shares.sex.female',
  'shares.age.under15',
  'shares.age.from15To59',
  'shares.age.from60',
  'shares.civilRegistration.registered',
  'shares.maritalStatus.population15Plus',
  'shares.maritalStatus.single',
  'shares.maritalStatus.married',
  'shares.maritalStatus.divorced',
  'shares.maritalStatus.widowed',
  'shares.dwellingType.villa',
  'shares.dwellingType.apartment',
  'shares.dwellingType.traditionalMoroccanHouse',
  'shares.dwellingType.modernMoroccanHouse',
  'shares.dwellingType.basicOrSlum',
  'shares.dwellingType.ruralSolid',
  'shares.dwellingType.ruralEarth',
  'shares.dwellingType.other',
] as const;
export const DOUAR_SORT_KEYS = ['code', 'name', ...DOUAR_FIGURE_KEYS] as const;
export type DouarSortKey = (typeof DOUAR_SORT_KEYS)[number];

export interface DouarSort {
  key: DouarSortKey;
  descending: boolean;
}

/** The parameters of a douar list; any of them makes the list computed and paged. */
export const DOUAR_LIST_PARAMS = ['sort', 'type', 'fraction', 'min_population', 'max_population', 'page'] as const;

/** `GET /api/communes/{commune}/douars?…` as the gateway validated it; the commune still as the client spelled it. */
export interface DouarListRequest {
  commune: string;
  type?: SettlementType;
  fraction?: string;
  minPopulation?: number;
  maxPopulation?: number;
  sort: DouarSort;
  page: number;
  /** The request's path and query, from which self/prev/next are spelled. */
  url: string;
}

export function isDouarSortKey(key: string): key is DouarSortKey {
  return (DOUAR_SORT_KEYS as readonly string[]).includes(key);
}

export const DOUAR_SORT_MESSAGE = `sort must be code, name, population, households, a distance such as distancesKm.healthCentre or distancesKm.primarySchool, or a share such as shares.age.from60, optionally prefixed with - for descending`;

export function parseDouarSort(raw: string | undefined): DouarSort {
  if (raw === undefined || raw === '') return { key: 'code', descending: false };
  const descending = raw.startsWith('-');
  const key = descending ? raw.slice(1) : raw;
  if (!isDouarSortKey(key)) throw invalidQuery(`${DOUAR_SORT_MESSAGE}; got "${raw}"`);
  return { key, descending };
}

const arabicCollator = new Intl.Collator('ar');

function figureOf(key: (typeof DOUAR_FIGURE_KEYS)[number]): (d: DouarRecord) => number | null {
  const path = key.split('.');
  return (d) => path.reduce<any>((value, step) => value?.[step], d) ?? null;
}

/**
 * The douars a list asks for, in its order. Unpublished values (null) come last in both
 * directions and ties keep code order (`compareByValue`), so pages never shift.
 */
export function selectDouars(douars: readonly DouarRecord[], query: Omit<DouarListRequest, 'commune' | 'page' | 'url'>): DouarRecord[] {
  const tests: ((d: DouarRecord) => boolean)[] = [];
  if (query.type !== undefined) tests.push((d) => d.type === query.type);
  if (query.fraction !== undefined) tests.push((d) => d.fraction.code === query.fraction);
  if (query.minPopulation !== undefined || query.maxPopulation !== undefined) {
    const low = query.minPopulation ?? -Infinity;
    const high = query.maxPopulation ?? Infinity;
    // An unpublished population satisfies no bound.
    tests.push((d) => d.population !== null && d.population >= low && d.population <= high);
  }
  const kept = tests.length === 0 ? [...douars] : douars.filter((d) => tests.every((test) => test(d)));
  const { key, descending } = query.sort;
  if (key === 'code') return descending ? kept.sort((a, b) => (a.code < b.code ? 1 : -1)) : kept.sort((a, b) => (a.code < b.code ? -1 : 1));
  if (key === 'name') return kept.sort(compareByValue((d) => d.name.ar, descending, (a, b) => arabicCollator.compare(String(a), String(b))));
  return kept.sort(compareByValue(figureOf(key), descending));
}
