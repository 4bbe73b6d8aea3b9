/**
 * The public /api paths: which route a path that is not a static file is (reference-behaviour
 * §2.4), which service owns it, and the alias rules that turn a route into the static file
 * that answers it. One table, read by the gateway (to route and validate), by the catalog and
 * geo services (to answer) and by the OpenAPI description.
 */
import { isCollection, type Collection } from './levels.js';

/** Files a unit owns, by the name an extensionless route uses: `/api/{collection}/{code}/{file}`. */
const FIGURES = { indicators: 'indicators.json', economy: 'economy.json', housing: 'housing.json' } as const;
export const FIGURE_FAMILIES = Object.keys(FIGURES);

export const CHILD_FILES: Record<Collection, Readonly<Record<string, string>>> = {
  regions: { provinces: 'provinces.json', boundary: 'boundary.geojson', ...FIGURES },
  provinces: { cercles: 'cercles.json', boundary: 'boundary.geojson', ...FIGURES },
  cercles: { ...FIGURES },
  communes: { arrondissements: 'arrondissements.json', neighbours: 'neighbours.json', boundary: 'boundary.geojson', postcodes: 'postcodes.json', neighbourhoods: 'neighbourhoods.json', douars: 'douars.json', ...FIGURES },
  arrondissements: { boundary: 'boundary.geojson', neighbourhoods: 'neighbourhoods.json', ...FIGURES },
};

/** Why a unit has no such file: the detail of the 404. */
export function missingChildDetail(code: string, child: string): string {
  if (child === 'housing') return `${code} has no urban dwellings, so no housing figures`;
  if (child === 'indicators') return `the dataset has no census figures for ${code}`;
  if (child === 'economy') return `the dataset has no establishment figures for ${code}`;
  if (child === 'douars') return `the dataset has no douar list (no douars/douars.csv)`;
  if (child === 'postcodes' || child === 'neighbourhoods') return `the dataset has no ${child} list (no place names were built in)`;
  return `${code} has no ${child}`;
}

/** Collections whose units own paged commune lists (`…/communes/page/{n}.json`). */
export const COMMUNE_PARENTS: readonly Collection[] = ['regions', 'provinces', 'cercles'];

export type ApiRoute =
  | { kind: 'bare'; name: string }
  | { kind: 'unit'; collection: Collection; id: string }
  | { kind: 'child'; collection: Collection; id: string; child: string; file: string }
  | { kind: 'communes-of'; collection: Collection; id: string }
  | { kind: 'douar'; code: string }
  | { kind: 'missing-file'; path: string }
  | { kind: 'not-an-endpoint'; path: string };

const FILE_SUFFIX = /\.(json|geojson)$/;

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function routeApiPath(path: string): ApiRoute {
  const notAnEndpoint: ApiRoute = { kind: 'not-an-endpoint', path };
  if (!path.startsWith('/api/')) return notAnEndpoint;
  const raw = path.slice('/api/'.length).split('/');
  const segments = raw.map(decode);
  // An encoded slash makes no segment of ours (`/api/regions%2F01` is not région 01).
  if (segments.some((s) => s === undefined || s === '' || s.includes('/') || s.includes('\\'))) return notAnEndpoint;
  const [first, id, sub] = segments as string[];
  if (FILE_SUFFIX.test(path)) {
    // A file name that is not in the tree: the collection exists but the file doesn't.
    return isCollection(first!) || segments.length === 1 ? { kind: 'missing-file', path } : notAnEndpoint;
  }
  if (segments.length === 1) return { kind: 'bare', name: first! };
  // One douar (issue 14): computed from its commune's list, since 33,189 files would be 30 MB.
  if (first === 'douars' && segments.length === 2) return { kind: 'douar', code: id! };
  if (!isCollection(first!)) return notAnEndpoint;
  // /api/regions/indicators: the comparison file of a level, not a unit named "indicators".
  if (segments.length === 2 && FIGURE_FAMILIES.includes(id!)) return { kind: 'bare', name: `${first}/${id}` };
  if (segments.length === 2) return { kind: 'unit', collection: first, id: id! };
  if (segments.length === 3 && sub === 'communes' && COMMUNE_PARENTS.includes(first)) {
    return { kind: 'communes-of', collection: first, id: id! };
  }
  const file = segments.length === 3 ? CHILD_FILES[first][sub!] : undefined;
  if (file !== undefined && Object.hasOwn(CHILD_FILES[first], sub!)) return { kind: 'child', collection: first, id: id!, child: sub!, file };
  return notAnEndpoint;
}

/** `text` without trailing `char`s, in one pass (a regular expression here would be quadratic). */
export function trimTrailing(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end -= 1;
  return text.slice(0, end);
}

/**
 * The path of a request target, without its query and trailing slashes (`/api/regions/` is
 * `/api/regions`); an absolute-form target (`http://host/api/…`) is read as its path.
 */
export function requestPath(url: string): string {
  let target = url;
  if (!target.startsWith('/')) {
    const scheme = /^https?:\/\/[^/?#]*/i.exec(target);
    target = scheme ? target.slice(scheme[0].length) || '/' : target;
  }
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  return trimTrailing(path, '/') || '/';
}

/** Geometry lives in the geo service: boundaries, neighbours, tiles and their index. */
export function isGeometryFile(path: string): boolean {
  return path.endsWith('.geojson') || path.endsWith('/neighbours.json') || path === '/api/tiles.json' || path.startsWith('/api/tiles/');
}

/** The service that answers an /api path (static file or alias route): geometry is geo's. */
export function serviceOfPath(path: string, route: ApiRoute = routeApiPath(path)): 'geo' | 'catalog' {
  const target = route.kind === 'bare' ? `/api/${route.name}.json` : route.kind === 'child' ? `/${route.file}` : path;
  return isGeometryFile(path) || isGeometryFile(target) ? 'geo' : 'catalog';
}
