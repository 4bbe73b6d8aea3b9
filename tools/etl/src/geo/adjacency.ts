/**
 * Communes sharing a border segment, with the length of the shared border on the sphere.
 * Inside one région file the topology says it: an arc used by two communes is a shared
 * border. Across région files (each has its own arcs and quantisation grid) the outer arcs of
 * both sides run through the same OpenStreetMap nodes, decoded a metre or two apart: a
 * segment whose two ends both lie on the other side's outer vertices is shared. A corner
 * touch shares one point and no segment, so it never counts.
 */
import { haversineKm } from '@mc/contracts';
import type { TopologyFile } from './decode.js';

/** Two decodings of one node are within this (degrees; about 11 m). */
const SAME_NODE = 1e-4;

/** The shared distance helper takes latitude first; arcs hold [lng, lat]. */
const segmentKm = ([lng1, lat1]: number[], [lng2, lat2]: number[]) => haversineKm(lat1!, lng1!, lat2!, lng2!);

function decodeArcs(topology: TopologyFile['topology']): number[][][] {
  const transform = topology.transform;
  return topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      if (!transform) return [dx!, dy!];
      x += dx!;
      y += dy!;
      return [x * transform.scale[0] + transform.translate[0], y * transform.scale[1] + transform.translate[1]];
    });
  });
}

function arcLengthKm(points: number[][]): number {
  let km = 0;
  for (let i = 1; i < points.length; i++) km += segmentKm(points[i - 1]!, points[i]!);
  return km;
}

/** Arc indexes each geometry of a file uses (a negative index is the arc reversed). */
function arcUse(file: TopologyFile): Map<number, number[]> {
  const users = new Map<number, number[]>();
  file.object.geometries.forEach((geometry, index) => {
    const arcs = geometry.type === 'Polygon' ? [geometry.arcs] : geometry.type === 'MultiPolygon' ? geometry.arcs : [];
    for (const polygon of arcs) {
      for (const ring of polygon) {
        for (const arc of ring) {
          const key = arc < 0 ? ~arc : arc;
          const list = users.get(key) ?? [];
          if (!list.includes(index)) list.push(index);
          users.set(key, list);
        }
      }
    }
  });
  return users;
}

export type PairLengths = Map<string, number>;
export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** `codeOf(file, index)` names the commune of a geometry (null to leave it out). */
export function sharedBorders(files: readonly TopologyFile[], codeOf: (file: TopologyFile, index: number) => string | null): PairLengths {
  const lengths: PairLengths = new Map();
  const add = (a: string, b: string, km: number) => lengths.set(pairKey(a, b), (lengths.get(pairKey(a, b)) ?? 0) + km);
  // Outer arcs (used by one commune) of every file, for the cross-file pass.
  const outer: Array<{ file: number; code: string; points: number[][] }> = [];
  files.forEach((file, fileIndex) => {
    const arcs = decodeArcs(file.topology);
    for (const [arc, users] of arcUse(file)) {
      const codes = users.map((u) => codeOf(file, u)).filter((c): c is string => c !== null);
      if (codes.length === 2 && codes[0] !== codes[1]) add(codes[0]!, codes[1]!, arcLengthKm(arcs[arc]!));
      else if (codes.length === 1) outer.push({ file: fileIndex, code: codes[0]!, points: arcs[arc]! });
    }
  });
  // Vertices of outer arcs on a grid of SAME_NODE cells; a lookup reads the 3×3 block around.
  const grid = new Map<string, Array<{ file: number; code: string; x: number; y: number }>>();
  const cell = (x: number, y: number) => `${Math.floor(x / SAME_NODE)},${Math.floor(y / SAME_NODE)}`;
  for (const arc of outer) {
    for (const [x, y] of arc.points) {
      const key = cell(x!, y!);
      const list = grid.get(key) ?? [];
      list.push({ file: arc.file, code: arc.code, x: x!, y: y! });
      grid.set(key, list);
    }
  }
  const matchesAt = (file: number, x: number, y: number): Set<string> => {
    const codes = new Set<string>();
    const cx = Math.floor(x / SAME_NODE);
    const cy = Math.floor(y / SAME_NODE);
    for (let i = -1; i <= 1; i++) {
      for (let j = -1; j <= 1; j++) {
        for (const v of grid.get(`${cx + i},${cy + j}`) ?? []) {
          if (v.file !== file && Math.abs(v.x - x) <= SAME_NODE && Math.abs(v.y - y) <= SAME_NODE) codes.add(v.code);
        }
      }
    }
    return codes;
  };
  // Each cross-file border is measured from both sides; the mean of the two is kept.
  const crossFile = new Map<string, number>();
  for (const arc of outer) {
    let previous = matchesAt(arc.file, arc.points[0]![0]!, arc.points[0]![1]!);
    for (let i = 1; i < arc.points.length; i++) {
      const [x, y] = arc.points[i]!;
      const current = matchesAt(arc.file, x!, y!);
      for (const other of current) {
        if (!previous.has(other)) continue;
        const length = segmentKm(arc.points[i - 1]!, [x!, y!]);
        crossFile.set(pairKey(arc.code, other), (crossFile.get(pairKey(arc.code, other)) ?? 0) + length);
      }
      previous = current;
    }
  }
  for (const [key, km] of crossFile) {
    const [a, b] = key.split('|') as [string, string];
    add(a, b, km / 2);
  }
  return lengths;
}
