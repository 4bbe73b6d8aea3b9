/**
 * The geo stage of the ETL: boundaries checked against the attribute files, fields derived
 * where the attributes lack them, adjacency, outlines, GeoJSON files, tiles and the geo pack.
 */
import { area, bbox as turfBbox, booleanPointInPolygon, rewind } from '@turf/turf';
import { listEnvelope, recordEnvelope, type ArrondissementRecord, type BBox, type CommuneRecord, type GeoPack, type GeoPackShape, type Name } from '@mc/contracts';
import type { Feature } from 'geojson';
import polylabel from 'polylabel';
import type { Units } from '../model.js';
import { sharedBorders } from './adjacency.js';
import { decodeShapes, polygonsOf, readTopologies, type Area, type DecodedShape, type TopologyFile } from './decode.js';
import { dissolve } from './outline.js';
import { buildTiles, type Tile } from './tiles.js';

/** The one commune OpenStreetMap gives no closed boundary (dataset.md §6). */
export const KNOWN_UNBOUNDED = ['04.281.05.11'];
export const AREA_TOLERANCE = 0.01;
const BBOX_TOLERANCE = 1e-4;

export interface GeoBuild {
  files: Map<string, unknown>;
  pack: Omit<GeoPack, 'datasetVersion'>;
  violations: string[];
  report: string[];
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** A GeoJSON Feature wound as RFC 7946 asks: exteriors counter-clockwise, holes clockwise. */
function feature(geometry: Area, code: string, level: string, name: Name): Feature {
  return {
    type: 'Feature',
    bbox: turfBbox(geometry) as BBox,
    properties: { code, level, nameFr: name.fr, nameAr: name.ar },
    geometry: rewind(geometry) as Area,
  };
}

function roundArea(geometry: Area): Area {
  const ring = (r: number[][]) => r.map(([x, y]) => [round(x!, 7), round(y!, 7)]);
  return geometry.type === 'Polygon'
    ? { type: 'Polygon', coordinates: geometry.coordinates.map(ring) }
    : { type: 'MultiPolygon', coordinates: geometry.coordinates.map((p) => p.map(ring)) };
}

/** Pole of inaccessibility of the largest polygon: always inside, unlike a centroid. */
function insidePoint(geometry: Area): { lat: number; lng: number } {
  const largest = polygonsOf(geometry)
    .map((coordinates) => ({ coordinates, km2: area({ type: 'Polygon', coordinates }) }))
    .sort((a, b) => b.km2 - a.km2)[0]!.coordinates;
  const [lng, lat] = polylabel(largest, 1e-6);
  return { lat: lat!, lng: lng! };
}

type Located = CommuneRecord | ArrondissementRecord;

/** Rings closed, area within 1%, centroid inside, bbox the polygon's bounds; fills what is missing. */
function checkShape(label: string, record: Located, geometry: Area, areaDiffs: Array<[number, string]>, violations: string[]): void {
  for (const polygon of polygonsOf(geometry)) {
    for (const ring of polygon) {
      const [first, last] = [ring[0], ring.at(-1)];
      if (ring.length < 4 || first![0] !== last![0] || first![1] !== last![1]) violations.push(`${label}: a ring of its boundary is not closed`);
    }
  }
  const km2 = area(geometry) / 1e6;
  if (record.areaKm2 === null) {
    record.areaKm2 = round(km2, 2);
    record.density = round(record.population['2024'].total / record.areaKm2, 2);
  }
  const diff = Math.abs(km2 - record.areaKm2) / record.areaKm2;
  areaDiffs.push([diff, `${label}: boundary ${km2.toFixed(3)} km², record ${record.areaKm2} km² (${(diff * 100).toFixed(2)}%)`]);
  if (diff > AREA_TOLERANCE) violations.push(`${label}: boundary area ${km2.toFixed(2)} km² is more than 1% from areaKm2 ${record.areaKm2}`);
  if (record.centroid === null) record.centroid = insidePoint(geometry);
  else if (!booleanPointInPolygon([record.centroid.lng, record.centroid.lat], geometry)) {
    violations.push(`${label}: centroid ${record.centroid.lat}, ${record.centroid.lng} is outside its boundary`);
  }
  const bounds = turfBbox(geometry) as BBox;
  if (record.bbox === null) record.bbox = bounds;
  else if (record.bbox.some((v, i) => Math.abs(v - bounds[i]!) > BBOX_TOLERANCE)) {
    violations.push(`${label}: bbox [${record.bbox.join(', ')}] is not its boundary's bounds [${bounds.map((v) => v.toFixed(5)).join(', ')}]`);
  }
}

export function buildGeo(datasetDir: string, units: Units, datasetVersion: string): GeoBuild {
  const violations: string[] = [];
  const files = new Map<string, unknown>();
  const communesByDigits = new Map(units.communes.map((c) => [c.codeDigits, c]));
  const arrondissementsByDigits = new Map(units.arrondissements.map((a) => [a.codeDigits, a]));
  const topologies = readTopologies(datasetDir, units.regions.map((r) => r.code));

  // Match every decoded shape to its record.
  const communeShape = new Map<string, DecodedShape>();
  const codeOfGeometry = new Map<string, string>();
  for (const file of topologies.communes) {
    const region = file.name.slice(0, 2);
    for (const shape of decodeShapes(file)) {
      const commune = communesByDigits.get(shape.codeDigits);
      if (!commune) {
        violations.push(`geometry/${file.name}: feature ${shape.codeDigits} is no commune of the attribute files`);
        continue;
      }
      if (commune.parents.region !== region) violations.push(`geometry/${file.name}: ${commune.code} (${commune.name.fr}) belongs to région ${commune.parents.region}`);
      if (communeShape.has(commune.code)) violations.push(`geometry/${file.name}: ${commune.code} (${commune.name.fr}) has two boundaries`);
      communeShape.set(commune.code, shape);
      codeOfGeometry.set(`${file.name}#${shape.index}`, commune.code);
    }
  }
  const arrondissementShape = new Map<string, DecodedShape>();
  for (const shape of decodeShapes(topologies.arrondissements)) {
    const arrondissement = arrondissementsByDigits.get(shape.codeDigits);
    if (!arrondissement) violations.push(`geometry/arrondissements.topojson: feature ${shape.codeDigits} is no arrondissement`);
    else arrondissementShape.set(arrondissement.code, shape);
  }

  const areaDiffs: Array<[number, string]> = [];
  for (const commune of units.communes) {
    const label = `commune ${commune.code} (${commune.name.fr})`;
    const shape = communeShape.get(commune.code);
    if (!shape) {
      if (!KNOWN_UNBOUNDED.includes(commune.code)) violations.push(`${label} has no boundary in geometry/${commune.parents.region}.topojson`);
      continue;
    }
    if (KNOWN_UNBOUNDED.includes(commune.code)) violations.push(`${label} now has a boundary: update KNOWN_UNBOUNDED`);
    checkShape(label, commune, shape.geometry, areaDiffs, violations);
  }
  for (const arrondissement of units.arrondissements) {
    const shape = arrondissementShape.get(arrondissement.code);
    const label = `arrondissement ${arrondissement.code} (${arrondissement.name.fr})`;
    if (!shape) violations.push(`${label} has no boundary in geometry/arrondissements.topojson`);
    else checkShape(label, arrondissement, shape.geometry, areaDiffs, violations);
  }
  areaDiffs.sort((a, b) => b[0] - a[0]);
  const report = ['area: the 10 largest differences between boundary and areaKm2:', ...areaDiffs.slice(0, 10).map(([, line]) => `  ${line}`)];
  // Nothing is derived from boundaries that failed their checks.
  if (violations.length > 0) return { files, pack: { communes: [], arrondissements: [], tiles: [] }, violations, report };

  // Adjacency from shared arcs and shared border segments across région files.
  const lengths = sharedBorders(topologies.communes, (file: TopologyFile, index: number) => codeOfGeometry.get(`${file.name}#${index}`) ?? null);
  const neighbours = new Map<string, Array<{ code: string; km: number }>>();
  for (const [key, km] of lengths) {
    const [a, b] = key.split('|') as [string, string];
    neighbours.set(a, [...(neighbours.get(a) ?? []), { code: b, km }]);
    neighbours.set(b, [...(neighbours.get(b) ?? []), { code: a, km }]);
  }
  const bounded = units.communes.filter((c) => communeShape.has(c.code)).map((c) => c.code);
  const reached = new Set<string>(bounded.slice(0, 1));
  const stack = bounded.slice(0, 1);
  while (stack.length > 0) for (const n of neighbours.get(stack.pop()!) ?? []) if (!reached.has(n.code)) reached.add(n.code), stack.push(n.code);
  if (reached.size !== bounded.length) violations.push(`adjacency: ${bounded.length - reached.size} bounded communes are not connected to the rest`);
  report.push(`adjacency: ${lengths.size} bordering pairs, one graph of ${reached.size} communes`);

  const communeByCode = new Map(units.communes.map((c) => [c.code, c]));
  for (const commune of units.communes) {
    const rows = (neighbours.get(commune.code) ?? [])
      .map((n) => ({ code: n.code, name: communeByCode.get(n.code)!.name, km: round(n.km, 2) }))
      .sort((a, b) => b.km - a.km || (a.code < b.code ? -1 : 1));
    const path = `/api/communes/${commune.code}/neighbours.json`;
    files.set(path, listEnvelope(rows, datasetVersion, path));
    const shape = communeShape.get(commune.code);
    if (shape) files.set(`/api/communes/${commune.code}/boundary.geojson`, feature(shape.geometry, commune.code, 'commune', commune.name));
  }
  for (const arrondissement of units.arrondissements) {
    const shape = arrondissementShape.get(arrondissement.code);
    if (shape) files.set(`/api/arrondissements/${arrondissement.code}/boundary.geojson`, feature(shape.geometry, arrondissement.code, 'arrondissement', arrondissement.name));
  }
  for (const commune of units.communes) {
    const own = units.arrondissements.filter((a) => a.communeCode === commune.code && arrondissementShape.has(a.code));
    if (own.length === 0) continue;
    files.set(`/api/communes/${commune.code}/arrondissements.geojson`, {
      type: 'FeatureCollection',
      features: own.map((a) => feature(arrondissementShape.get(a.code)!.geometry, a.code, 'arrondissement', a.name)),
    });
  }

  // Outlines dissolved from their communes (a préfecture d'arrondissements: from its arrondissements).
  const fileOfRegion = new Map(topologies.communes.map((f) => [f.name.slice(0, 2), f]));
  for (const region of units.regions) {
    const file = fileOfRegion.get(region.code)!;
    files.set(`/api/regions/${region.code}/boundary.geojson`, feature(roundArea(dissolve(file, file.object.geometries.map((_, i) => i))), region.code, 'region', region.name));
  }
  for (const province of units.provinces) {
    const members = units.communes.filter((c) => c.parents.province === province.code && communeShape.has(c.code));
    let outline: Area | null = null;
    if (members.length > 0) outline = roundArea(dissolve(fileOfRegion.get(province.regionCode)!, members.map((c) => communeShape.get(c.code)!.index)));
    else {
      const parts = units.arrondissements.filter((a) => a.prefectureOfArrondissementsCode === province.code && arrondissementShape.has(a.code));
      if (parts.length > 0) outline = roundArea(dissolve(topologies.arrondissements, parts.map((a) => arrondissementShape.get(a.code)!.index)));
    }
    if (outline) files.set(`/api/provinces/${province.code}/boundary.geojson`, feature(outline, province.code, 'province', province.name));
  }

  // Tiles and the pack the geo service loads.
  const packShape = (record: Located, slug: string, shape: DecodedShape | undefined, communeCode?: string): GeoPackShape => ({
    code: record.code,
    name: record.name,
    slug,
    centroid: record.centroid ? [record.centroid.lng, record.centroid.lat] : null,
    bbox: record.bbox,
    polygons: shape ? polygonsOf(shape.geometry) : [],
    ...(communeCode ? { communeCode } : {}),
  });
  const slugOf = new Map(units.index.map((u) => [u.code, u.slug]));
  const pack = {
    communes: units.communes.map((c) => packShape(c, c.slug, communeShape.get(c.code))),
    arrondissements: units.arrondissements.map((a) => packShape(a, slugOf.get(a.code)!, arrondissementShape.get(a.code), a.communeCode)),
    tiles: [] as GeoPack['tiles'],
  };
  const tiles: Tile[] = buildTiles([
    ...pack.communes.filter((s) => s.polygons.length > 0).map((s) => ({ code: s.code, level: 'commune' as const, bbox: s.bbox!, geometry: communeShape.get(s.code)!.geometry })),
    ...pack.arrondissements.filter((s) => s.polygons.length > 0).map((s) => ({ code: s.code, level: 'arrondissement' as const, bbox: s.bbox!, geometry: arrondissementShape.get(s.code)!.geometry })),
  ]);
  for (const tile of tiles) {
    const path = `/api/tiles/${tile.z}/${tile.x}/${tile.y}.json`;
    files.set(path, recordEnvelope({ type: 'FeatureCollection', bbox: tile.bbox, features: tile.features }, datasetVersion, path));
    pack.tiles.push({ z: tile.z, x: tile.x, y: tile.y, bbox: tile.bbox });
  }
  files.set('/api/tiles.json', listEnvelope(pack.tiles, datasetVersion, '/api/tiles.json'));
  report.push(`tiles: ${tiles.length}, at most ${Math.max(...tiles.map((t) => t.features.length))} shapes in one`);
  return { files, pack, violations, report };
}
