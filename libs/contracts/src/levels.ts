/** The five administrative levels, and the URL collection that serves each. */
export const LEVELS = ['region', 'province', 'cercle', 'commune', 'arrondissement'] as const;

export function isLevel(value: string): value is Level {
  return (LEVELS as readonly string[]).includes(value);
}
export type Level = (typeof LEVELS)[number];

export const COLLECTIONS = ['regions', 'provinces', 'cercles', 'communes', 'arrondissements'] as const;
export type Collection = (typeof COLLECTIONS)[number];

export const COLLECTION_OF: Record<Level, Collection> = {
  region: 'regions',
  province: 'provinces',
  cercle: 'cercles',
  commune: 'communes',
  arrondissement: 'arrondissements',
};

export const LEVEL_OF: Record<Collection, Level> = {
  regions: 'region',
  provinces: 'province',
  cercles: 'cercle',
  communes: 'commune',
  arrondissements: 'arrondissement',
};

/**
 * Precedence when two units share an identifier (a slug, usually): the earlier level wins.
 * "tanger" is the commune, not the cercle or the province. Also the level rank of search.
 */
export const LEVEL_PRECEDENCE: readonly Level[] = ['commune', 'arrondissement', 'province', 'region', 'cercle'];

export function isCollection(value: string): value is Collection {
  return (COLLECTIONS as readonly string[]).includes(value);
}

/** "an arrondissement", "a province": for problem details. */
export function withArticle(level: Level): string {
  return `${/^[aeiou]/.test(level) ? 'an' : 'a'} ${level}`;
}
