/**
 * How the services' answers cross the network (docs/cluster.md). A file answer travels as its
 * own bytes, untouched, with its validator and the facts the gateway needs in headers, so the
 * gateway sends byte for byte what embedded mode sends. A problem travels as {kind, detail}
 * with its status, and is thrown again on the gateway as the same ProblemError.
 */
import type { FileAnswer, ServiceStatus, SharedHead } from '../catalog-port.js';
import type { CommuneListRequest } from '../catalog-port.js';
import { PROBLEM_KINDS, ProblemError, type ProblemKind } from '../problems.js';
import { parseSort } from '../sorting.js';
import { SETTLEMENT_TYPES, parseDouarSort, type DouarListRequest } from '../douars.js';

export const INTERNAL_PREFIX = '/internal/v1';

export const WIRE_HEADERS = {
  datasetVersion: 'x-dataset-version',
  tier: 'x-answer-tier',
  path: 'x-file-path',
  /** A page's shared head (StaticFile.sharedHead): its length and validator, `<length> <etag>`. */
  sharedHead: 'x-shared-head',
} as const;

/** Content type of a problem between services (not the public problem+json document). */
export const WIRE_PROBLEM_TYPE = 'application/vnd.mc.problem+json';

export interface WireProblem {
  kind: ProblemKind;
  detail: string;
}

export function isProblemKind(value: unknown): value is ProblemKind {
  return typeof value === 'string' && Object.hasOwn(PROBLEM_KINDS, value);
}

/** The headers that go with a file answer's bytes. */
export function fileAnswerHeaders(answer: FileAnswer): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': answer.file.contentType,
    etag: answer.file.etag,
    [WIRE_HEADERS.datasetVersion]: answer.datasetVersion,
    [WIRE_HEADERS.tier]: answer.tier,
    [WIRE_HEADERS.path]: encodeURI(answer.file.path),
  };
  const head = answer.file.sharedHead;
  if (head) headers[WIRE_HEADERS.sharedHead] = `${head.length} ${head.etag}`;
  return headers;
}

/** A shared head from its header; none when absent or not within the body. */
function sharedHeadFrom(header: string | undefined, bodyLength: number): SharedHead | undefined {
  const match = header === undefined ? null : /^(\d{1,9}) ("[\w-]+")$/.exec(header);
  if (!match) return undefined;
  const length = Number(match[1]);
  return length <= bodyLength ? { length, etag: match[2]! } : undefined;
}

const LOOKUP = `${INTERNAL_PREFIX}/lookup`;

/**
 * The internal target of a path look-up: the public path rides as it came (already
 * percent-encoded), not as an encoded parameter, which would triple a long path's length.
 */
export function lookupTarget(path: string, page?: number): string {
  return `${LOOKUP}${path}${page === undefined ? '' : `?page=${page}`}`;
}

/** The public path of an internal look-up target (the inverse of lookupTarget). */
export function pathOfLookup(url: string): string {
  const query = url.indexOf('?');
  return (query < 0 ? url : url.slice(0, query)).slice(LOOKUP.length) || '/';
}

/** A file answer from its headers and bytes; null when a header is missing or wrong. */
export function fileAnswerFrom(headers: Record<string, string | string[] | undefined>, body: Buffer): FileAnswer | null {
  const one = (name: string) => (typeof headers[name] === 'string' ? (headers[name] as string) : undefined);
  const tier = one(WIRE_HEADERS.tier);
  const datasetVersion = one(WIRE_HEADERS.datasetVersion);
  const path = one(WIRE_HEADERS.path);
  const etag = one('etag');
  const contentType = one('content-type');
  if (!datasetVersion || !path || !etag || !contentType || (tier !== 'static' && tier !== 'alias' && tier !== 'computed')) return null;
  const sharedHead = sharedHeadFrom(one(WIRE_HEADERS.sharedHead), body.length);
  return { datasetVersion, tier, file: { path: decodeURI(path), body, etag, contentType, ...(sharedHead && { sharedHead }) } };
}

/** A problem as the service sends it. */
export function wireProblem(error: ProblemError): WireProblem {
  return { kind: error.kind, detail: error.detail };
}

/** The ProblemError a wire problem stands for; an unreadable one is the service failing. */
export function problemFromWire(service: string, status: number, body: string): ProblemError {
  try {
    const parsed = JSON.parse(body) as Partial<WireProblem>;
    if (isProblemKind(parsed.kind) && typeof parsed.detail === 'string') return new ProblemError(parsed.kind, parsed.detail);
  } catch {
    // fall through: not a problem of ours
  }
  return new ProblemError('unavailable', `the ${service} service answered ${status} without a problem document`);
}

/** What every list request carries besides its own filters. */
interface ListRequest {
  minPopulation?: number;
  maxPopulation?: number;
  sort: { key: string; descending: boolean };
  page: number;
  url: string;
}

/** A list request as the query string of the catalog's internal route: `filters` first, then what every list has. */
function listToQuery(filters: Record<string, string | undefined>, request: ListRequest): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) query.set(key, value);
  if (request.minPopulation !== undefined) query.set('minPopulation', String(request.minPopulation));
  if (request.maxPopulation !== undefined) query.set('maxPopulation', String(request.maxPopulation));
  query.set('sort', `${request.sort.descending ? '-' : ''}${request.sort.key}`);
  query.set('page', String(request.page));
  query.set('url', request.url);
  return query;
}

/** The inverse of listToQuery for the fields every list has (sort aside), and the string filters `keys` names. */
function listFromQuery<K extends string>(query: Record<string, string | undefined>, keys: readonly K[], defaultUrl: string) {
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  const filters = Object.fromEntries(keys.filter((key) => query[key] !== undefined).map((key) => [key, query[key]!])) as Partial<Record<K, string>>;
  return {
    ...filters,
    ...(query.minPopulation !== undefined ? { minPopulation: number(query.minPopulation) } : {}),
    ...(query.maxPopulation !== undefined ? { maxPopulation: number(query.maxPopulation) } : {}),
    page: number(query.page) ?? 1,
    url: query.url ?? defaultUrl,
  };
}

/** `GET /api/communes` after validation, as the query string of the catalog's internal route. */
export function communeListToQuery(request: CommuneListRequest): URLSearchParams {
  return listToQuery({ region: request.region, province: request.province, cercle: request.cercle, type: request.type }, request);
}

/** The inverse of communeListToQuery. */
export function communeListFromQuery(query: Record<string, string | undefined>): CommuneListRequest {
  const type = query.type === 'urban' || query.type === 'rural' ? query.type : undefined;
  return { ...listFromQuery(query, ['region', 'province', 'cercle'], '/api/communes'), ...(type ? { type } : {}), sort: parseSort(query.sort) };
}

/** A douar list request (issue 14) as the query string of the catalog's internal route. */
export function douarListToQuery(request: DouarListRequest): URLSearchParams {
  return listToQuery({ commune: request.commune, type: request.type, fraction: request.fraction }, request);
}

/** The inverse of douarListToQuery. */
export function douarListFromQuery(query: Record<string, string | undefined>): DouarListRequest {
  const type = SETTLEMENT_TYPES.find((t) => t === query.type);
  const commune = query.commune ?? '';
  return { ...listFromQuery(query, ['fraction'], `/api/communes/${commune}/douars`), commune, ...(type ? { type } : {}), sort: parseDouarSort(query.sort) };
}

export type { ServiceStatus };
