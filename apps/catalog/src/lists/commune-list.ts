/** Computed commune lists (spec §4.4): filter by every constraint, sort, page. Pure. */
import { compareByValue, type CommuneListQuery, type CommuneRecord, type PlainSortKey } from '@mc/contracts';

const frenchCollator = new Intl.Collator('fr');

const SORT_VALUES: Record<PlainSortKey, (c: CommuneRecord) => number | string | null> = {
  code: (c) => c.code,
  name: (c) => c.name.fr,
  population: (c) => c.population['2024']?.total ?? null,
  change: (c) => c.population.change?.pct ?? null,
  density: (c) => c.density,
  area: (c) => c.areaKm2,
};

/** The tests of the filters a query sets, and only those: a list asks few of 1,503 records. */
export function filterCommunes(communes: readonly CommuneRecord[], query: Omit<CommuneListQuery, 'sort' | 'page' | 'url'>): CommuneRecord[] {
  const tests: ((c: CommuneRecord) => boolean)[] = [];
  const { region, province, cercle, type, minPopulation, maxPopulation } = query;
  if (region !== undefined) tests.push((c) => c.parents.region === region);
  if (province !== undefined) tests.push((c) => c.parents.province === province);
  if (cercle !== undefined) tests.push((c) => c.parents.cercle === cercle);
  if (type !== undefined) tests.push((c) => c.type === type);
  if (minPopulation !== undefined || maxPopulation !== undefined) {
    // A commune without a 2024 figure can't satisfy a population bound.
    const low = minPopulation ?? -Infinity;
    const high = maxPopulation ?? Infinity;
    tests.push((c) => {
      const population = c.population['2024']?.total;
      return population !== undefined && population !== null && population >= low && population <= high;
    });
  }
  if (tests.length === 0) return [...communes];
  return communes.filter((c) => tests.every((test) => test(c)));
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
