/** What the gateway asks of the search service, in process or over the network. */
import type { ServiceStatus } from './catalog-port.js';
import type { Level } from './levels.js';
import type { SearchHit } from './search/scorer.js';

export const SEARCH = Symbol.for('mc.search');

export interface SearchRequest {
  q: string;
  /** Null: every level. */
  levels: Level[] | null;
  limit: number;
}

export interface SearchAnswer {
  datasetVersion: string;
  hits: SearchHit[];
}

export interface SearchPort {
  search(request: SearchRequest): Promise<SearchAnswer>;
  status(): Promise<ServiceStatus>;
}
