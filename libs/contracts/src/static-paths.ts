/** Addresses of the static tree (spec §4.18), the one place they are spelled. */
import { COLLECTION_OF, type Level } from './levels.js';

export const unitPath = (level: Level, code: string) => `/api/${COLLECTION_OF[level]}/${code}.json`;
export const collectionPath = (level: Level) => `/api/${COLLECTION_OF[level]}.json`;
export const childListPath = (level: Level, code: string, children: 'provinces' | 'cercles' | 'arrondissements' | 'postcodes' | 'neighbourhoods' | 'douars') =>
  `/api/${COLLECTION_OF[level]}/${code}/${children}.json`;
export const communePagePath = (parent: { level: Level; code: string } | null, page: number) =>
  parent ? `/api/${COLLECTION_OF[parent.level]}/${parent.code}/communes/page/${page}.json` : `/api/communes/page/${page}.json`;
export const communeTypePagePath = (type: 'urban' | 'rural', page: number) => `/api/communes/type/${type}/page/${page}.json`;
export const VERSION_PATH = '/api/version.json';

/** The media type a static file is served with. */
export function contentTypeOf(path: string): string {
  return path.endsWith('.geojson') ? 'application/geo+json' : 'application/json; charset=utf-8';
}
