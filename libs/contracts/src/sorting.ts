/** Sort keys of commune lists (spec §4.4 sort rule 1 and 5). */
import { invalidQuery } from './problems.js';

export const PLAIN_SORT_KEYS = ['code', 'name', 'population', 'change', 'density', 'area'] as const;
export type PlainSortKey = (typeof PLAIN_SORT_KEYS)[number];

export interface SortSpec {
  key: PlainSortKey;
  descending: boolean;
}

export function parseSort(raw: string | undefined): SortSpec {
  if (raw === undefined || raw === '') return { key: 'code', descending: false };
  const descending = raw.startsWith('-');
  const key = descending ? raw.slice(1) : raw;
  if (!(PLAIN_SORT_KEYS as readonly string[]).includes(key)) {
    throw invalidQuery(`sort must be one of ${PLAIN_SORT_KEYS.join(', ')}, optionally prefixed with - for descending; got "${raw}"`);
  }
  return { key: key as PlainSortKey, descending };
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
