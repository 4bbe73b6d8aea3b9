/** Computed commune lists (spec §4.4): filter by every constraint, sort, page. Pure. */
import { compareByValue, PER_PAGE, type CommuneListQuery, type CommuneRecord, type PlainSortKey } from '@mc/contracts';

const frenchCollator = new Intl.Collator('fr');

const SORT_VALUES: Record<PlainSortKey, (c: CommuneRecord) => number | string | null> = {
  code: (c) => c.code,
  name: (c) => c.name.fr,
  population: (c) => c.population['2024']?.total ?? null,
  change: (c) => c.population.change?.pct ?? null,
  density: (c) => c.density,
  area: (c) => c.areaKm2,
};

/**
 * The fields the filters read, one array per field, made once per list of records (each kept
 * order has its own): a filter then reads numbers and interned strings by index instead of
 * following `population['2024'].total` through three objects for each of 1,503 records.
 */
interface FilterColumns {
  region: (string | null)[];
  province: (string | null)[];
  cercle: (string | null)[];
  urban: Uint8Array;
  /** The 2024 population; NaN where there is none, which no bound admits. */
  population: Float64Array;
}

const columnsKept = new WeakMap<readonly CommuneRecord[], FilterColumns>();

function columnsOf(communes: readonly CommuneRecord[]): FilterColumns {
  let columns = columnsKept.get(communes);
  if (!columns) {
    columns = {
      region: communes.map((c) => c.parents.region ?? null),
      province: communes.map((c) => c.parents.province ?? null),
      cercle: communes.map((c) => c.parents.cercle ?? null),
      urban: Uint8Array.from(communes, (c) => (c.type === 'urban' ? 1 : 0)),
      population: Float64Array.from(communes, (c) => c.population['2024']?.total ?? NaN),
    };
    columnsKept.set(communes, columns);
  }
  return columns;
}

type CommuneFilters = Omit<CommuneListQuery, 'sort' | 'page' | 'url'>;

/** The communes every filter the query sets admits, in their order; filters not set cost nothing. */
export function filterCommunes(communes: readonly CommuneRecord[], query: CommuneFilters): CommuneRecord[] {
  return scanCommunes(communes, query, 0, Infinity).rows;
}

/**
 * One page of what `filterCommunes` gives, and how many it gives in all. Only the page's
 * rows are copied: a list of 1,503 matches grown for a page of 50 was a quarter of what a
 * page of new content allocated, and the young collections that allocation set off
 * (docs/performance.md).
 */
export function filterCommunePage(communes: readonly CommuneRecord[], query: CommuneFilters, page: number): { rows: CommuneRecord[]; total: number } {
  return scanCommunes(communes, query, (page - 1) * PER_PAGE, page * PER_PAGE);
}

/** The admitted communes whose rank among the admitted is in [from, to), and how many are admitted. */
function scanCommunes(communes: readonly CommuneRecord[], query: CommuneFilters, from: number, to: number): { rows: CommuneRecord[]; total: number } {
  const { region, province, cercle, type, minPopulation, maxPopulation } = query;
  if (region === undefined && province === undefined && cercle === undefined && type === undefined && minPopulation === undefined && maxPopulation === undefined) {
    return { rows: communes.slice(from, to), total: communes.length };
  }
  const columns = columnsOf(communes);
  const bounded = minPopulation !== undefined || maxPopulation !== undefined;
  const low = minPopulation ?? -Infinity;
  const high = maxPopulation ?? Infinity;
  const urban = type === undefined ? -1 : type === 'urban' ? 1 : 0;
  const rows: CommuneRecord[] = [];
  let total = 0;
  for (let i = 0; i < communes.length; i++) {
    if (region !== undefined && columns.region[i] !== region) continue;
    if (province !== undefined && columns.province[i] !== province) continue;
    if (cercle !== undefined && columns.cercle[i] !== cercle) continue;
    if (urban >= 0 && columns.urban[i] !== urban) continue;
    // A commune without a 2024 figure (NaN) can't satisfy a population bound.
    if (bounded && !(columns.population[i]! >= low && columns.population[i]! <= high)) continue;
    if (total >= from && total < to) rows.push(communes[i]!);
    total += 1;
  }
  return { rows, total };
}

/** Sorts by a plain key, or by `value` when the key is a figure. */
export function sortCommunes(
  communes: readonly CommuneRecord[],
  sort: CommuneListQuery['sort'],
  value: (c: CommuneRecord) => number | string | null = SORT_VALUES[sort.key as PlainSortKey],
): CommuneRecord[] {
  const compareValues =
    sort.key === 'name' ? (a: number | string, b: number | string) => frenchCollator.compare(String(a), String(b)) : undefined;
  return [...communes].sort(compareByValue(value, sort.descending, compareValues));
}
