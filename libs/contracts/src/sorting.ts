/** Sort keys of commune lists (spec §4.4 sort rule 1 and 5). */
import { invalidQuery } from './problems.js';

export const PLAIN_SORT_KEYS = ['code', 'name', 'population', 'change', 'density', 'area'] as const;
export type PlainSortKey = (typeof PLAIN_SORT_KEYS)[number];

/**
 * A sort key: a plain key, or a figure path (with a dot: `labour.unemploymentRate`,
 * `change.illiteracy.rate10Plus`, `economy.establishments.jobs`) that the catalog checks
 * against the field catalogues.
 */
export interface SortSpec {
  key: string;
  descending: boolean;
  figure: boolean;
}

export function isPlainSortKey(key: string): key is PlainSortKey {
  return (PLAIN_SORT_KEYS as readonly string[]).includes(key);
}

export function parseSort(raw: string | undefined): SortSpec {
  if (raw === undefined || raw === '') return { key: 'code', descending: false, figure: false };
  const descending = raw.startsWith('-');
  const key = descending ? raw.slice(1) : raw;
  if (isPlainSortKey(key)) return { key, descending, figure: false };
  if (/^[A-Za-z0-9+-]+(\.[A-Za-z0-9+-]+)+$/.test(key)) return { key, descending, figure: true };
  throw invalidQuery(
    `sort must be one of ${PLAIN_SORT_KEYS.join(', ')} or a figure path such as labour.unemploymentRate, change.illiteracy.rate10Plus or economy.establishments.jobs, optionally prefixed with - for descending; got "${raw}"`,
  );
}

/**
 * Orders rows by a possibly missing value: missing values last in both directions, ties and
 * missing values in code order, so page boundaries never move between requests.
 */
export function compareByValue<T extends { code: string }>(
  value: (row: T) => number | string | null,
  descending: boolean,
  compareValues: (a: number | string, b: number | string) => number = defaultCompare,
): (a: T, b: T) => number {
  return (a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else {
      const order = compareValues(va, vb);
      if (order !== 0) return descending ? -order : order;
    }
    return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
  };
}

function defaultCompare(a: number | string, b: number | string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The address of another page of the same query: the request's own URL with `page` set. */
export function withPage(url: string, page: number): string {
  const [path, query = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set('page', String(page));
  return `${path}?${params.toString()}`;
}
