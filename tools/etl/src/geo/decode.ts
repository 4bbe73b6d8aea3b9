/**
 * Reads the TopoJSON boundary files (one per région, plus the arrondissements) and decodes
 * them with topojson-client, keeping the topology for what only it knows: which arcs two
 * communes share, and how to dissolve communes into outlines.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseJsonText } from '../read-dataset.js';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export type Area = Polygon | MultiPolygon;

export interface TopologyFile {
  name: string;
  topology: Topology;
  object: GeometryCollection<{ code: string; name: string }>;
}

export interface DecodedShape {
  /** 9-digit code, as the geometry files key their features. */
  codeDigits: string;
  file: string;
  /** Index of the geometry in its file's collection. */
  index: number;
  geometry: Area;
}

export function readTopologies(datasetDir: string, regionCodes: readonly string[]): { communes: TopologyFile[]; arrondissements: TopologyFile } {
  const read = (name: string, object: string): TopologyFile => {
    const path = join(datasetDir, 'geometry', name);
    if (!existsSync(path)) throw new Error(`missing boundary file ${path}`);
    const topology = parseJsonText(readFileSync(path, 'utf8'), relative(datasetDir, path)) as Topology;
    const collection = topology.objects[object];
    if (!collection || collection.type !== 'GeometryCollection') throw new Error(`${name} has no ${object} collection`);
    return { name, topology, object: collection as TopologyFile['object'] };
  };
  return {
    communes: regionCodes.map((code) => read(`${code}.topojson`, 'communes')),
    arrondissements: read('arrondissements.topojson', 'arrondissements'),
  };
}

/** Rounds to 7 decimals (about 1 cm): decoding noise must not make builds differ. */
const round7 = (v: number) => Math.round(v * 1e7) / 1e7;

function roundGeometry(geometry: Area): Area {
  const ring = (r: number[][]) => r.map(([x, y]) => [round7(x!), round7(y!)]);
  return geometry.type === 'Polygon'
    ? { type: 'Polygon', coordinates: geometry.coordinates.map(ring) }
    : { type: 'MultiPolygon', coordinates: geometry.coordinates.map((p) => p.map(ring)) };
}

export function decodeShapes(file: TopologyFile): DecodedShape[] {
  const collection = feature(file.topology, file.object);
  return collection.features.map((f: Feature, index: number) => {
    if (!f.geometry || (f.geometry.type !== 'Polygon' && f.geometry.type !== 'MultiPolygon')) {
      throw new Error(`${file.name}: feature ${index} is not a polygon`);
    }
    return { codeDigits: String(f.properties?.code), file: file.name, index, geometry: roundGeometry(f.geometry) };
  });
}

/** Every polygon of an area, as a list of polygons (rings of [lng, lat]). */
export function polygonsOf(geometry: Area): number[][][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}
