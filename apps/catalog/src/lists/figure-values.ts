/**
 * Sort values of communes by a census or establishment figure (spec §4.4 sort rules 2–6):
 * a 2024 indicator path, its `2014.` or `change.` form where the 2014 catalogue marks it
 * comparable, an `economy.` count, or one of the three derived economy ratios. Unknown paths
 * are refused with the valid keys of their topic.
 */
import { invalidQuery, type CommuneRecord } from '@mc/contracts';

interface Field {
  path: string;
  topic: string;
  key: string;
  comparableTo?: string;
}

export interface FigureCatalogues {
  indicators: { people: Field[]; households: Field[] };
  indicators2014: { people: Field[]; households: Field[] };
  economy: Field[];
}

type Json = Record<string, any>;

/** A census field's column: its year and table, then the field (paths repeat across tables). */
const censusColumn = (year: '2024' | '2014', people: boolean, field: Field) => `${year} ${people ? 'people' : 'households'} ${field.topic}.${field.key}`;
const economyColumn = (topic: string, key: string) => `economy ${topic}.${key}`;
/** What the derived economy ratios read, whether or not the catalogue lists it. */
const ESTABLISHMENT_TOTALS = ['total', 'jobs', 'business'].map((key) => ({ topic: 'establishments', key }));

/**
 * Every commune's sortable figures as columns: one Float64Array per field of the catalogues,
 * NaN where a commune has no figure, and the communes whose establishment counts are their
 * arrondissements' sum. Filled from one record at a time (`addIndicators`, `addEconomy`), so
 * no record outlives its parse. The figures of 1,503 communes held as the records' totals took
 * 10 MB of the heap, which every young collection walks; as columns they take 3 MB outside it.
 */
export class FigureColumns {
  private readonly indexOf: Map<string, number>;
  private readonly columns = new Map<string, Float64Array>();
  private readonly summed: Uint8Array;

  constructor(
    codes: readonly string[],
    readonly catalogues: FigureCatalogues,
  ) {
    this.indexOf = new Map(codes.map((code, i) => [code, i]));
    this.summed = new Uint8Array(codes.length);
    const names = [
      ...catalogues.indicators.people.map((f) => censusColumn('2024', true, f)),
      ...catalogues.indicators.households.map((f) => censusColumn('2024', false, f)),
      ...catalogues.indicators2014.people.map((f) => censusColumn('2014', true, f)),
      ...catalogues.indicators2014.households.map((f) => censusColumn('2014', false, f)),
      ...[...catalogues.economy, ...ESTABLISHMENT_TOTALS].map((f) => economyColumn(f.topic, f.key)),
    ];
    for (const name of names) if (!this.columns.has(name)) this.columns.set(name, new Float64Array(codes.length).fill(NaN));
  }

  /** Takes the 2024 and 2014 totals of commune `code`'s indicators record. */
  addIndicators(code: string, record: Json | undefined): void {
    const i = this.indexOf.get(code);
    if (i === undefined || !record) return;
    const year = (name: '2024' | '2014', fields: FigureCatalogues['indicators'], totals: Json | undefined) => {
      for (const f of fields.people) this.set(censusColumn(name, true, f), i, totals?.people?.total?.all?.[f.topic]?.[f.key]);
      for (const f of fields.households) this.set(censusColumn(name, false, f), i, totals?.households?.total?.[f.topic]?.[f.key]);
    };
    year('2024', this.catalogues.indicators, record);
    year('2014', this.catalogues.indicators2014, record['2014'] ?? undefined);
  }

  /** Takes the establishment counts of commune `code`'s economy record. */
  addEconomy(code: string, record: Json | undefined): void {
    const i = this.indexOf.get(code);
    if (i === undefined || !record) return;
    for (const f of [...this.catalogues.economy, ...ESTABLISHMENT_TOTALS]) this.set(economyColumn(f.topic, f.key), i, record.topics?.[f.topic]?.[f.key]);
    this.summed[i] = record.basis === 'arrondissement_sum' ? 1 : 0;
  }

  /** A figure of a commune: null where it has none. */
  value(column: string, code: string): number | null {
    const i = this.indexOf.get(code);
    const value = i === undefined ? NaN : this.columns.get(column)![i]!;
    return Number.isNaN(value) ? null : value;
  }

  census(year: '2024' | '2014', people: boolean, field: Field, code: string): number | null {
    return this.value(censusColumn(year, people, field), code);
  }

  economy(topic: string, key: string, code: string): number | null {
    return this.value(economyColumn(topic, key), code);
  }

  economySummed(code: string): boolean {
    const i = this.indexOf.get(code);
    return i !== undefined && this.summed[i] === 1;
  }

  private set(column: string, i: number, value: unknown): void {
    if (typeof value === 'number' && Number.isFinite(value)) this.columns.get(column)![i] = value;
  }
}

export interface FigureValue {
  path: string;
  value(commune: CommuneRecord): number | null;
  /** Set where the value is a division of two figures. */
  derived: boolean;
  /** `arrondissement_sum` where the commune's figures are its arrondissements' sum. */
  basis(commune: CommuneRecord): 'arrondissement_sum' | undefined;
}

/** The derived economy ratios, from a commune's establishment counts (null where one is missing). */
const DERIVED_ECONOMY: Record<string, (count: (key: string) => number | null, population: number | null) => number | null> = {
  'per1000.establishments': (count, p) => ratio(count('total'), p, 1000),
  'per1000.jobs': (count, p) => ratio(count('jobs'), p, 1000),
  'perBusiness.jobs': (count) => ratio(count('jobs'), count('business'), 1),
};
const ratio = (top: number | null, bottom: number | null, scale: number) => (top === null || !bottom ? null : (top * scale) / bottom);

const tidy = (v: number | null) => (v === null ? null : Math.round(v * 1e6) / 1e6);
const topicsOf = (fields: Field[]) => [...new Set(fields.map((f) => f.topic))];
const keysOf = (fields: Field[], topic: string) => fields.filter((f) => f.topic === topic).map((f) => f.path);

function refuse(path: string, what: string, fields: Field[], topic: string): never {
  const keys = keysOf(fields, topic);
  throw invalidQuery(
    keys.length > 0
      ? `${path} is not ${what}; ${topic} has ${keys.join(', ')}`
      : `${path} is not ${what}; its first part must be one of ${topicsOf(fields).join(', ')}`,
  );
}

/** The sort value of `path` for any commune, read from `columns`; an unknown path is refused. */
export function figureValue(path: string, columns: FigureColumns): FigureValue {
  const catalogues = columns.catalogues;
  const noBasis = () => undefined;
  if (path.startsWith('economy.')) {
    const rest = path.slice('economy.'.length);
    const economyBasis = (c: CommuneRecord) => (columns.economySummed(c.code) ? ('arrondissement_sum' as const) : undefined);
    const derived = DERIVED_ECONOMY[rest];
    if (derived) {
      return {
        path,
        derived: true,
        basis: economyBasis,
        value: (c) => tidy(derived((key) => columns.economy('establishments', key, c.code), c.population['2024']?.total ?? null)),
      };
    }
    const field = catalogues.economy.find((f) => f.path === rest);
    if (!field) {
      const derivedKeys = Object.keys(DERIVED_ECONOMY).map((k) => `economy.${k}`);
      const topic = rest.split('.')[0]!;
      const keys = keysOf(catalogues.economy, topic).map((k) => `economy.${k}`);
      throw invalidQuery(
        keys.length > 0
          ? `${path} is not an establishment figure; ${topic} has ${keys.join(', ')}`
          : `${path} is not an establishment figure; economy topics are ${topicsOf(catalogues.economy).join(', ')}, and the derived ${derivedKeys.join(', ')}`,
      );
    }
    return { path, derived: false, basis: economyBasis, value: (c) => columns.economy(field.topic, field.key, c.code) };
  }

  const census = [...catalogues.indicators.people, ...catalogues.indicators.households];
  const lookup = (p: string) => {
    const people = catalogues.indicators.people.find((f) => f.path === p);
    const field = people ?? catalogues.indicators.households.find((f) => f.path === p);
    return field ? { field, people: people !== undefined } : undefined;
  };

  const prefix = /^(2014|change)\./.exec(path)?.[1];
  if (prefix) {
    const rest = path.slice(prefix.length + 1);
    const current = lookup(rest);
    if (!current) refuse(rest, 'a census figure', census, rest.split('.')[0]!);
    const old2014 = [...catalogues.indicators2014.people.map((f) => ({ f, people: true })), ...catalogues.indicators2014.households.map((f) => ({ f, people: false }))].find(
      (entry) => entry.f.comparableTo === rest,
    );
    if (!old2014) {
      const comparable = [...catalogues.indicators2014.people, ...catalogues.indicators2014.households]
        .filter((f) => f.comparableTo && f.comparableTo.split('.')[0] === current.field.topic)
        .map((f) => `${prefix}.${f.comparableTo}`);
      throw invalidQuery(
        `${path}: the 2014 census did not ask ${rest} the same way${comparable.length > 0 ? `; comparable figures of ${current.field.topic} are ${comparable.join(', ')}` : ''}`,
      );
    }
    const value2014 = (c: CommuneRecord) => columns.census('2014', old2014.people, old2014.f, c.code);
    return {
      path,
      derived: false,
      basis: noBasis,
      value:
        prefix === '2014'
          ? value2014
          : (c) => {
              const now = columns.census('2024', current.people, current.field, c.code);
              const then = value2014(c);
              return now === null || then === null ? null : tidy(now - then);
            },
    };
  }

  const found = lookup(path);
  if (!found) refuse(path, 'a census figure', census, path.split('.')[0]!);
  return { path, derived: false, basis: noBasis, value: (c) => columns.census('2024', found.people, found.field, c.code) };
}
