/**
 * Dissolving communes into a province or région outline with topojson-client's merge, which
 * joins polygons along the arcs they share. Merge needs every ring wound the same way (a
 * shared arc walked in opposite directions by its two sides), and the dataset's rings are not
 * (two neighbours may walk their shared arc the same way), so rings are re-wound first:
 * exteriors counter-clockwise, holes clockwise.
 */
import { merge } from 'topojson-client';
import type { MultiPolygon as TopoMultiPolygon, Polygon as TopoPolygon } from 'topojson-specification';
import type { Area, TopologyFile } from './decode.js';

type ArcRing = number[];

function absoluteArcs(file: TopologyFile): number[][][] {
  return file.topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => [(x += dx!), (y += dy!)]);
  });
}

/** Twice the signed planar area of a ring of arcs: positive when counter-clockwise. */
function signedArea(ring: ArcRing, arcs: number[][][]): number {
  let sum = 0;
  for (const index of ring) {
    const points = index < 0 ? [...arcs[~index]!].reverse() : arcs[index]!;
    for (let i = 1; i < points.length; i++) sum += points[i - 1]![0]! * points[i]![1]! - points[i]![0]! * points[i - 1]![1]!;
  }
  return sum;
}

const reversed = (ring: ArcRing): ArcRing => [...ring].reverse().map((i) => ~i);

function wind(polygon: ArcRing[], arcs: number[][][]): ArcRing[] {
  return polygon.map((ring, k) => {
    const ccw = signedArea(ring, arcs) > 0;
    return (k === 0) === ccw ? ring : reversed(ring);
  });
}

/** The union of the file's geometries at `indexes`, as one GeoJSON (Multi)Polygon. */
export function dissolve(file: TopologyFile, indexes: readonly number[]): Area {
  const arcs = absoluteArcs(file);
  const wound = indexes.map((i) => {
    const geometry = file.object.geometries[i]!;
    if (geometry.type === 'Polygon') return { type: 'Polygon', arcs: wind(geometry.arcs, arcs) } as TopoPolygon;
    if (geometry.type === 'MultiPolygon') return { type: 'MultiPolygon', arcs: geometry.arcs.map((p) => wind(p, arcs)) } as TopoMultiPolygon;
    throw new Error(`${file.name}: geometry ${i} is not a polygon`);
  });
  const merged = merge(file.topology, wound);
  return merged.coordinates.length === 1 ? { type: 'Polygon', coordinates: merged.coordinates[0]! } : merged;
}
