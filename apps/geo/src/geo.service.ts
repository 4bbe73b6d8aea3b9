import { readGeoPack, type GeoPort, type NearHit, type NearQuery, type PointMatch } from '@mc/contracts';
import { GeoIndex } from './geo-index.js';

export class GeoService implements GeoPort {
  constructor(readonly index: GeoIndex) {}

  static fromBuild(buildDir: string): GeoService {
    return new GeoService(new GeoIndex(readGeoPack(buildDir)));
  }

  async at(lat: number, lng: number): Promise<PointMatch | null> {
    return this.index.at(lat, lng);
  }

  async near(query: NearQuery): Promise<NearHit[]> {
    return this.index.near(query);
  }
}
