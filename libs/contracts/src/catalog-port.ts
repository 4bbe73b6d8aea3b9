/** What the gateway asks of the catalog, in process or over the network. */
import type { PathLookup } from './alias-files.js';
import type { CommuneRecord } from './records.js';
import type { SortSpec } from './sorting.js';
import type { DouarListRequest } from './douars.js';

export const CATALOG = Symbol.for('mc.catalog');

/** A prepared file of the static tree: bytes as built, with their strong ETag. */
export interface StaticFile {
  path: string;
  body: Buffer;
  etag: string;
  contentType: string;
  /**
   * Present on a computed page: its first `length` bytes (rows and counts) are the same for
   * every URL that asks for this content, and `etag` is their validator. Only the links after
   * them name the URL, so the gateway compresses the head once (http/appended-coding.ts).
   */
  sharedHead?: SharedHead;
}

export interface SharedHead {
  length: number;
  etag: string;
}

/**
 * An answer a service prepared: bytes and validator as a static file has them, the tier
 * that produced it, and the dataset version of the data it came from.
 */
export interface FileAnswer {
  datasetVersion: string;
  tier: 'static' | 'alias' | 'computed';
  file: StaticFile;
}

/** Whether a service can answer, and from which dataset version. */
export interface ServiceStatus {
  ready: boolean;
  datasetVersion: string | null;
  detail?: string;
}

/** `GET /api/communes` as the gateway validated it: filters still as the client spelled them. */
export interface CommuneListRequest {
  region?: string;
  province?: string;
  cercle?: string;
  type?: 'urban' | 'rural';
  minPopulation?: number;
  maxPopulation?: number;
  sort: SortSpec;
  page: number;
  /** The request's path and query, from which self/prev/next are spelled. */
  url: string;
}

/** A commune list no single file holds: the same fields, with region, province and cercle resolved to dotted codes. */
export type CommuneListQuery = CommuneListRequest;

/** A commune in a list; sorted by a figure, it carries the figure (spec §2.3). */
export type CommuneRow = CommuneRecord & {
  indicator?: { path: string; value: number | null };
  derived?: true;
  basis?: 'arrondissement_sum';
};

/** What the gateway asks of the catalog, one call per request; problems are thrown as ProblemError. */
export interface CatalogPort {
  /** A static file, or the file an alias route names (spec §4.19). */
  lookup(request: PathLookup): Promise<FileAnswer>;
  /** A commune list: the page file that holds it (alias), or computed. */
  communes(request: CommuneListRequest): Promise<FileAnswer>;
  /** A commune's douars filtered, sorted or paged (computed); the whole list is its static `douars.json`. */
  douars(request: DouarListRequest): Promise<FileAnswer>;
  status(): Promise<ServiceStatus>;
}
