// The point-in-polygon test over flat rings (flat-polygons.ts) against turf's, on the real
// boundaries: inside, outside, in holes, and exactly on vertices and edges.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { readGeoPack, type GeoPackShape } from '@mc/contracts';
import { testBuildDir } from '@mc/test-support';
import { flattenPolygons, locateInPolygon, polygonsHold } from '../src/flat-polygons.js';

let shapes: GeoPackShape[];

/** A fixed sequence in [0, 1): the same points on every run. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const turfHolds = (shape: GeoPackShape, lng: number, lat: number) => booleanPointInPolygon([lng, lat], { type: 'MultiPolygon', coordinates: shape.polygons });

describe('flat polygons', () => {
  before(() => {
    const pack = readGeoPack(testBuildDir());
    shapes = [...pack.communes, ...pack.arrondissements].filter((s) => s.polygons.length > 0 && s.bbox !== null);
  });

  it('a square with a hole: inside, in the hole, outside, and its edges and corners on the boundary', () => {
    const [square] = flattenPolygons([[[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]], [[1, 1], [3, 1], [3, 3], [1, 3], [1, 1]]]]);
    assert.equal(locateInPolygon(0.5, 0.5, square!), 1);
    assert.equal(locateInPolygon(2, 2, square!), -1, 'in the hole');
    assert.equal(locateInPolygon(5, 2, square!), -1);
    assert.equal(locateInPolygon(-1, 0, square!), -1, 'on the line of the bottom edge, beyond it');
    for (const [lng, lat] of [[0, 0], [4, 4], [2, 0], [4, 2], [1, 2], [3, 3], [2, 1]] as const) assert.equal(locateInPolygon(lng, lat, square!), 0, `${lng}, ${lat}`);
    assert.equal(locateInPolygon(0.5, 1, square!), 1, 'a vertex of the hole level with the point counts once');
  });

  it('gives turf’s answer at 40,000 points of the boxes of every commune and arrondissement', () => {
    const random = sequence(12);
    let inside = 0;
    let compared = 0;
    for (const shape of shapes) {
      const flat = flattenPolygons(shape.polygons);
      const [west, south, east, north] = shape.bbox!;
      for (let i = 0; i < 26; i++) {
        const lng = west + (east - west) * random();
        const lat = south + (north - south) * random();
        const holds = turfHolds(shape, lng, lat);
        assert.equal(polygonsHold(lng, lat, flat), holds, `${shape.code} at ${lng}, ${lat}`);
        if (holds) inside += 1;
        compared += 1;
      }
    }
    assert.ok(compared > 40_000 && inside > compared / 3 && inside < compared - compared / 10, `${inside} of ${compared} inside`);
  });

  it('gives turf’s answer on every vertex and at edge midpoints and near them, holes included', () => {
    let onBoundary = 0;
    for (const shape of shapes.filter((_, i) => i % 5 === 0)) {
      const flat = flattenPolygons(shape.polygons);
      for (const rings of shape.polygons) {
        for (const ring of rings) {
          for (let i = 0; i + 1 < ring.length; i += 3) {
            const [[x1, y1], [x2, y2]] = [ring[i]!, ring[i + 1]!] as [number[], number[]];
            const points = [
              [x1!, y1!],
              [(x1! + x2!) / 2, (y1! + y2!) / 2],
              [x1! + 1e-9, y1!],
              [x1!, y1! - 1e-9],
            ] as const;
            for (const [lng, lat] of points) assert.equal(polygonsHold(lng, lat, flat), turfHolds(shape, lng, lat), `${shape.code} at ${lng}, ${lat}`);
            if (flat.some((polygon) => locateInPolygon(x1!, y1!, polygon) === 0)) onBoundary += 1;
          }
        }
      }
    }
    assert.ok(onBoundary > 10_000, `${onBoundary} vertices found on the boundary`);
  });
});
