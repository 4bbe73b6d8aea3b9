/**
 * Boundaries held as flat coordinates, and the point-in-polygon test over them. Pure.
 *
 * As GeoJSON arrays, the 367,000 points of the communes' and arrondissements' boundaries were
 * 367,000 small arrays: 24 MB of the heap, which every young collection walks page by page
 * (docs/design.md, "Serving fast"). One Float64Array per ring holds them in 6 MB outside the
 * heap. turf's test reads nested arrays only, hence this one, which gives the same answers
 * (tested against turf on the real boundaries, vertices and edges included).
 */

/** A polygon: its rings (outer first, then holes), each `[lng0, lat0, lng1, lat1, …]`, closed. */
export type FlatPolygon = readonly Float64Array[];

export function flattenPolygons(polygons: readonly (readonly (readonly (readonly number[])[])[])[]): FlatPolygon[] {
  return polygons.map((rings) =>
    rings.map((ring) => {
      const flat = new Float64Array(ring.length * 2);
      ring.forEach((position, i) => {
        flat[2 * i] = position[0]!;
        flat[2 * i + 1] = position[1]!;
      });
      return flat;
    }),
  );
}

/**
 * Where a point lies against one polygon: 1 inside, 0 on a ring (an edge or a vertex of the
 * outline or of a hole), -1 outside. Crossing number of a ray towards +lng over every ring
 * (holes flip it back), each edge counted half-open in latitude so that a vertex on the ray
 * counts once; in coordinates relative to the point, so that a point on an edge gives an
 * exact zero cross product.
 */
export function locateInPolygon(lng: number, lat: number, rings: FlatPolygon): 1 | 0 | -1 {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0; i + 3 < ring.length; i += 2) {
      const u1 = ring[i]! - lng;
      const v1 = ring[i + 1]! - lat;
      const u2 = ring[i + 2]! - lng;
      const v2 = ring[i + 3]! - lat;
      if ((v1 > 0 && v2 > 0) || (v1 < 0 && v2 < 0)) continue;
      if (v1 === 0 && v2 === 0) {
        // An edge along the ray's line: on it when the point lies between its ends.
        if ((u1 <= 0 && u2 >= 0) || (u1 >= 0 && u2 <= 0)) return 0;
        continue;
      }
      // The edge meets the ray's line at lng + cross / (v2 - v1).
      const cross = u1 * v2 - u2 * v1;
      if (cross === 0) return 0;
      if (v1 <= 0 && v2 > 0 && cross > 0) inside = !inside;
      else if (v2 <= 0 && v1 > 0 && cross < 0) inside = !inside;
    }
  }
  return inside ? 1 : -1;
}

/** Whether any of the polygons holds the point, its boundary included (turf's default). */
export function polygonsHold(lng: number, lat: number, polygons: readonly FlatPolygon[]): boolean {
  for (const polygon of polygons) if (locateInPolygon(lng, lat, polygon) >= 0) return true;
  return false;
}
