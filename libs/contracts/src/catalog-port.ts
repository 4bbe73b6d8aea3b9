/** What the gateway asks of the catalog, in process or over the network. */
import type { Envelope } from './envelope.js';
import type { Level } from './levels.js';
import type { CommuneRecord } from './records.js';
import type { Resolution } from './resolver.js';
import type { SortSpec } from './sorting.js';

export const CATALOG = Symbol.for('mc.catalog');

/** A prepared file of the static tree: bytes as built, with their strong ETag. */
export interface StaticFile {
  path: string;
  body: Buffer;
  etag: string;
  contentType: string;
}

/** A commune list no single file holds; parents are resolved dotted codes. */
export interface CommuneListQuery {
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

/** A commune in a list; sorted by a figure, it carries the figure (spec §2.3). */
export type CommuneRow = CommuneRecord & {
  indicator?: { path: string; value: number | null };
  derived?: true;
  basis?: 'arrondissement_sum';
};

export interface CatalogPort {
  datasetVersion(): string;
  file(path: string): Promise<StaticFile | undefined>;
  resolve(raw: string, preferred?: Level): Promise<Resolution>;
  /** Throws a not-found problem for a page past the last. */
  listCommunes(query: CommuneListQuery): Promise<Envelope<CommuneRow[]>>;
}
