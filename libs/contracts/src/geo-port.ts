/** What the gateway asks of the geo service, in process or over the network. */
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

export interface GeoPort {
  at(lat: number, lng: number): Promise<PointMatch | null>;
  near(query: NearQuery): Promise<NearHit[]>;
}
