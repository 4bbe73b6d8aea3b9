/**
 * Every boundary in memory behind static R-trees (flatbush) of their bounding boxes: a point
 * look-up reads the few boxes that hold the point, then tests the polygons exactly. The
 * boundaries are kept flat (flat-polygons.ts), the pack's nested arrays left to the collector.
 */
import Flatbush from 'flatbush';
import { compareCodes, haversineKm, type GeoPack, type GeoPackShape, type NearHit, type NearQuery, type PointMatch } from '@mc/contracts';
import { flattenPolygons, polygonsHold, type FlatPolygon } from './flat-polygons.js';

/** A shape as the index keeps it: everything but its nested polygons. */
type IndexedShape = Omit<GeoPackShape, 'polygons'>;

/** Kilometres in one degree of latitude, for the radius pre-filter. */
const KM_PER_DEGREE = 111.32;

interface Indexed {
  shapes: IndexedShape[];
  polygons: FlatPolygon[][];
  tree: Flatbush;
}

const withoutPolygons = ({ polygons: _polygons, ...shape }: GeoPackShape): IndexedShape => shape;

function indexShapes(all: readonly GeoPackShape[]): Indexed {
  const bounded = all.filter((s) => s.polygons.length > 0 && s.bbox !== null).sort((a, b) => compareCodes(a.code, b.code));
  const tree = new Flatbush(Math.max(1, bounded.length));
  for (const s of bounded) tree.add(s.bbox![0], s.bbox![1], s.bbox![2], s.bbox![3]);
  if (bounded.length === 0) tree.add(0, 0, 0, 0);
  tree.finish();
  return { shapes: bounded.map(withoutPolygons), polygons: bounded.map((s) => flattenPolygons(s.polygons)), tree };
}

/** The first shape, in code order, whose boundary holds the point (a shared edge belongs to both). */
function shapeAt(index: Indexed, lng: number, lat: number, accept: (s: IndexedShape) => boolean = () => true): IndexedShape | null {
  const ids = index.tree.search(lng, lat, lng, lat).sort((a, b) => a - b);
  for (const id of ids) {
    const shape = index.shapes[id];
    if (shape && accept(shape) && polygonsHold(lng, lat, index.polygons[id]!)) return shape;
  }
  return null;
}

export class GeoIndex {
  private readonly communes: Indexed;
  private readonly arrondissements: Indexed;
  private readonly centroids: Array<{ shape: IndexedShape; lat: number; lng: number }>;

  /** Keeps nothing of `pack` that holds its nested polygons. */
  constructor(pack: GeoPack) {
    this.communes = indexShapes(pack.communes);
    this.arrondissements = indexShapes(pack.arrondissements);
    this.centroids = pack.communes
      .filter((s) => s.centroid !== null)
      .map((shape) => ({ shape: withoutPolygons(shape), lng: shape.centroid![0], lat: shape.centroid![1] }));
  }

  at(lat: number, lng: number): PointMatch | null {
    const commune = shapeAt(this.communes, lng, lat);
    if (!commune) return null;
    const arrondissement = shapeAt(this.arrondissements, lng, lat, (a) => a.communeCode === commune.code);
    return { communeCode: commune.code, arrondissement: arrondissement ? { code: arrondissement.code, name: arrondissement.name } : null };
  }

  /** Communes whose centroid lies within the radius, nearest first, ties by code. */
  near({ lat, lng, radiusKm, limit }: NearQuery): NearHit[] {
    const maxDegrees = radiusKm / KM_PER_DEGREE;
    const hits: Array<NearHit & { exact: number }> = [];
    for (const c of this.centroids) {
      if (Math.abs(c.lat - lat) > maxDegrees) continue;
      const km = haversineKm(lat, lng, c.lat, c.lng);
      if (km <= radiusKm) hits.push({ code: c.shape.code, name: c.shape.name, slug: c.shape.slug, distanceKm: Math.round(km * 1000) / 1000, exact: km });
    }
    hits.sort((a, b) => a.exact - b.exact || compareCodes(a.code, b.code));
    return hits.slice(0, limit).map(({ exact: _exact, ...hit }) => hit);
  }
}
