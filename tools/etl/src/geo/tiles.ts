/**
 * Boundaries cut into square tiles: 1° tiles at z = 0, each split into four while the
 * boundaries clipped to it hold more than MAX_TILE_POINTS points. Tile (z, x, y) covers
 * longitudes from x·s − 180 and latitudes from y·s − 90, with s = 1/2^z degrees.
 */
import { bboxClip, rewind } from '@turf/turf';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { Area } from './decode.js';

export const MAX_TILE_POINTS = 2500;
export const MAX_TILE_ZOOM = 8;

export interface TileShape {
  code: string;
  level: 'commune' | 'arrondissement';
  bbox: [number, number, number, number];
  geometry: Area;
}

export interface Tile {
  z: number;
  x: number;
  y: number;
  bbox: [number, number, number, number];
  features: Array<Feature<Polygon | MultiPolygon, { code: string; level: string }>>;
}

export function tileBbox(z: number, x: number, y: number): [number, number, number, number] {
  const size = 1 / 2 ** z;
  return [x * size - 180, y * size - 90, (x + 1) * size - 180, (y + 1) * size - 90];
}

const intersects = (a: number[], b: number[]) => a[0]! <= b[2]! && b[0]! <= a[2]! && a[1]! <= b[3]! && b[1]! <= a[3]!;

function pointCount(geometry: Area): number {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.reduce((n, p) => n + p.reduce((m, r) => m + r.length, 0), 0);
}

/** Clips a shape to a box, dropping rings that vanish; null when nothing is left. */
function clip(shape: TileShape, box: [number, number, number, number]): Area | null {
  const clipped = bboxClip({ type: 'Feature', properties: {}, geometry: shape.geometry }, box).geometry as Area;
  const keep = (rings: number[][][]) => rings.filter((r) => r.length >= 4);
  const polygons = (clipped.type === 'Polygon' ? [clipped.coordinates] : clipped.coordinates)
    .map(keep)
    .filter((p) => p.length > 0 && p[0]!.length >= 4);
  if (polygons.length === 0) return null;
  const area: Area = polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0]! } : { type: 'MultiPolygon', coordinates: polygons };
  return rewind(area) as Area;
}

export function buildTiles(shapes: readonly TileShape[]): Tile[] {
  const bounds = shapes.reduce((b, s) => [Math.min(b[0]!, s.bbox[0]), Math.min(b[1]!, s.bbox[1]), Math.max(b[2]!, s.bbox[2]), Math.max(b[3]!, s.bbox[3])], [180, 90, -180, -90]);
  const tiles: Tile[] = [];
  const visit = (z: number, x: number, y: number, candidates: readonly TileShape[]) => {
    const box = tileBbox(z, x, y);
    const inside = candidates.filter((s) => intersects(s.bbox, box));
    if (inside.length === 0) return;
    const features = inside
      .map((s) => ({ s, geometry: clip(s, box) }))
      .filter((c): c is { s: TileShape; geometry: Area } => c.geometry !== null)
      .map(({ s, geometry }) => ({ type: 'Feature' as const, properties: { code: s.code, level: s.level }, geometry }));
    if (features.length === 0) return;
    const points = features.reduce((n, f) => n + pointCount(f.geometry), 0);
    if (points > MAX_TILE_POINTS && z < MAX_TILE_ZOOM) {
      for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) visit(z + 1, 2 * x + dx, 2 * y + dy, inside);
      return;
    }
    tiles.push({ z, x, y, bbox: box, features });
  };
  for (let x = Math.floor(bounds[0]! + 180); x < Math.ceil(bounds[2]! + 180); x++) {
    for (let y = Math.floor(bounds[1]! + 90); y < Math.ceil(bounds[3]! + 90); y++) visit(0, x, y, shapes);
  }
  return tiles;
}
