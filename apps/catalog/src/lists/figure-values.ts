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

export interface FigureSource {
  /** The commune's indicators record (2024, with its 2014 block), if the dataset has one. */
  indicators(code: string): Json | undefined;
  economy(code: string): Json | undefined;
}

export interface FigureValue {
  path: string;
  value(commune: CommuneRecord): number | null;
  /** Set where the value is a division of two figures. */
  derived: boolean;
  /** `arrondissement_sum` where the commune's figures are its arrondissements' sum. */
  basis(commune: CommuneRecord): 'arrondissement_sum' | undefined;
}

const DERIVED_ECONOMY: Record<string, (topics: Json, population: number | null) => number | null> = {
  'per1000.establishments': (t, p) => (p ? (t.establishments.total * 1000) / p : null),
  'per1000.jobs': (t, p) => (p ? (t.establishments.jobs * 1000) / p : null),
  'perBusiness.jobs': (t) => (t.establishments.business ? t.establishments.jobs / t.establishments.business : null),
};

/** The totals of one census year: all that `figureValue` reads of it. */
const totalsOf = (year: Json | undefined): Json | undefined =>
  year && { people: { total: { all: year.people?.total?.all } }, households: { total: year.households?.total } };

/**
 * The parts of a commune's indicators record that `figureValue` reads: the totals of 2024 and
 * of 2014. A whole record holds every breakdown (sex, milieu) of both years; kept for 1,503
 * communes, whole records took 35 MB more of the heap, which every young collection walks.
 */
export function sortableIndicators(record: Json | undefined): Json | undefined {
  return record && { ...totalsOf(record), 2014: totalsOf(record['2014']) };
}

const numeric = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
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

export function figureValue(path: string, catalogues: FigureCatalogues, source: FigureSource): FigureValue {
  const noBasis = () => undefined;
  if (path.startsWith('economy.')) {
    const rest = path.slice('economy.'.length);
    const economyBasis = (c: CommuneRecord) => (source.economy(c.code)?.basis === 'arrondissement_sum' ? ('arrondissement_sum' as const) : undefined);
    const derived = DERIVED_ECONOMY[rest];
    if (derived) {
      return {
        path,
        derived: true,
        basis: economyBasis,
        value: (c) => {
          const record = source.economy(c.code);
          return record ? tidy(derived(record.topics, c.population['2024']?.total ?? null)) : null;
        },
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
    return { path, derived: false, basis: economyBasis, value: (c) => numeric(source.economy(c.code)?.topics?.[field.topic]?.[field.key]) };
  }

  const census = [...catalogues.indicators.people, ...catalogues.indicators.households];
  const at = (record: Json | undefined, field: Field, people: boolean) =>
    numeric(people ? record?.people?.total?.all?.[field.topic]?.[field.key] : record?.households?.total?.[field.topic]?.[field.key]);
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
    const value2014 = (c: CommuneRecord) => at(source.indicators(c.code)?.['2014'] ?? undefined, old2014.f, old2014.people);
    return {
      path,
      derived: false,
      basis: noBasis,
      value:
        prefix === '2014'
          ? value2014
          : (c) => {
              const now = at(source.indicators(c.code), current.field, current.people);
              const then = value2014(c);
              return now === null || then === null ? null : tidy(now - then);
            },
    };
  }

  const found = lookup(path);
  if (!found) refuse(path, 'a census figure', census, path.split('.')[0]!);
  return { path, derived: false, basis: noBasis, value: (c) => at(source.indicators(c.code), found.field, found.people) };
}
