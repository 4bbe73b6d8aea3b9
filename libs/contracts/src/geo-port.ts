/** What the gateway asks of the geo service, in process or over the network. */
import type { PathLookup } from './alias-files.js';
import type { FileAnswer, ServiceStatus } from './catalog-port.js';
import type { Name } from './records.js';

export const GEO = Symbol.for('mc.geo');

export interface NearHit {
  code: string;
  name: Name;
  slug: string;
  distanceKm: number;
}

export interface PointMatch {
  communeCode: string;
  /** Set in the 6 divided cities, where an arrondissement boundary holds the point. */
  arrondissement: { code: string; name: Name } | null;
}

export interface NearQuery {
  lat: number;
  lng: number;
  radiusKm: number;
  limit: number;
}

export interface NearAnswer {
  datasetVersion: string;
  hits: NearHit[];
}

/** What the gateway asks of the geo service, one call per request; problems are thrown as ProblemError. */
export interface GeoPort {
  /** The commune record under a point, with its arrondissement (spec §4.2); 404 where none. */
  at(lat: number, lng: number): Promise<FileAnswer>;
  near(query: NearQuery): Promise<NearAnswer>;
  /** Boundaries, neighbours, tiles and the tile index: static files and their alias routes. */
  lookup(request: PathLookup): Promise<FileAnswer>;
  status(): Promise<ServiceStatus>;
}
