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

export function filterCommunes(communes: readonly CommuneRecord[], query: Omit<CommuneListQuery, 'sort' | 'page' | 'url'>): CommuneRecord[] {
  return communes.filter((c) => {
    if (query.region !== undefined && c.parents.region !== query.region) return false;
    if (query.province !== undefined && c.parents.province !== query.province) return false;
    if (query.cercle !== undefined && c.parents.cercle !== query.cercle) return false;
    if (query.type !== undefined && c.type !== query.type) return false;
    // A commune without a 2024 figure can't satisfy a population bound.
    const population = c.population['2024']?.total ?? null;
    if (query.minPopulation !== undefined && (population === null || population < query.minPopulation)) return false;
    if (query.maxPopulation !== undefined && (population === null || population > query.maxPopulation)) return false;
    return true;
  });
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
