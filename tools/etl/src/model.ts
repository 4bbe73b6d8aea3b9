/** Upstream attribute records → the records of spec §2, field by field, in the spec's order. */
import {

  compareCodes,
  slugify,
  type ArrondissementRecord,
  type CercleRecord,
  type CommuneRecord,
  type Level,
  type MapIds,
  type ProvinceRecord,
  type RegionRecord,
  type UnitIndexEntry,
} from '@mc/contracts';
import type { RawDataset, RawRecord } from './read-dataset.js';

export interface Units {
  regions: RegionRecord[];
  provinces: ProvinceRecord[];
  cercles: CercleRecord[];
  communes: CommuneRecord[];
  arrondissements: ArrondissementRecord[];
  index: UnitIndexEntry[];
}

const byCode = <T extends { code: string }>(rows: T[]) => [...rows].sort((a, b) => compareCodes(a.code, b.code));

function population2024(raw: RawRecord) {
  const p = raw.population?.['2024'] ?? {};
  return { total: p.total, moroccan: p.moroccan, foreign: p.foreign, households: p.households };
}

function upperProvenance(raw: RawRecord) {
  return { name: raw.provenance?.name, population2024: raw.provenance?.population2024 };
}

/** The spec's `map` is the upstream `osm` object (dataset.md: relationId, wikidata → entityId). */
function mapIds(raw: RawRecord): MapIds | null {
  return raw.osm ? { relationId: raw.osm.relationId, entityId: raw.osm.wikidata ?? null } : null;
}

/** The fields régions, provinces and cercles share, in the spec's order. */
function upperUnitBase(raw: RawRecord) {
  return {
    code: raw.code as string,
    codeDigits: raw.codeDigits as string,
    name: { fr: raw.name?.fr as string, ar: orNull<string>(raw.name?.ar) },
    population: { '2024': population2024(raw) },
    provenance: upperProvenance(raw),
  };
}

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

export function toRegion(raw: RawRecord): RegionRecord {
  return {
    ...upperUnitBase(raw),
    provinceCount: raw.provinceCount,
    communeCount: raw.communeCount,
  };
}

export function toProvince(raw: RawRecord): ProvinceRecord {
  return {
    ...upperUnitBase(raw),
    type: raw.type,
    regionCode: raw.regionCode,
    cercleCount: raw.cercleCount,
    communeCount: raw.communeCount,
  };
}

export function toCercle(raw: RawRecord): CercleRecord {
  return {
    ...upperUnitBase(raw),
    regionCode: raw.regionCode,
    provinceCode: raw.provinceCode,
    communeCount: raw.communeCount,
  };
}

export function toCommune(raw: RawRecord): CommuneRecord {
  const p = raw.population ?? {};
  const p2014 = p['2014'];
  const change = p.change;
  const provenance: CommuneRecord['provenance'] = {
    name: raw.provenance?.name,
    population2024: raw.provenance?.population2024,
    ...(raw.provenance?.population2014 !== undefined ? { population2014: raw.provenance.population2014 } : {}),
    geometry: orNull(raw.provenance?.geometry),
  };
  return {
    code: raw.code,
    codeDigits: raw.codeDigits,
    slug: raw.slug,
    nameFrRaw: orNull(raw.nameFrRaw),
    name: { fr: raw.name?.fr, ar: orNull(raw.name?.ar) },
    type: raw.type,
    parents: { region: raw.parents?.region, province: raw.parents?.province, cercle: orNull(raw.parents?.cercle) },
    population: {
      '2014': p2014 ? { total: orNull(p2014.total), households: orNull(p2014.households) } : null,
      '2024': population2024(raw),
      change: change
        ? { absolute: change.absolute, pct: change.pct, ...(change.basis !== undefined ? { basis: change.basis } : {}) }
        : null,
    },
    urbanCentres: (raw.urbanCentres ?? []).map((c: RawRecord) => ({ name: c.name, population: orNull(c.population) })),
    centroid: raw.centroid ? { lat: raw.centroid.lat, lng: raw.centroid.lng } : null,
    bbox: raw.bbox ? [raw.bbox[0], raw.bbox[1], raw.bbox[2], raw.bbox[3]] : null,
    areaKm2: orNull(raw.areaKm2),
    density: orNull(raw.density),
    map: mapIds(raw),
    provenance,
  };
}

export function toArrondissement(raw: RawRecord): ArrondissementRecord {
  return {
    code: raw.code,
    codeDigits: raw.codeDigits,
    name: { fr: raw.name?.fr, ar: orNull(raw.name?.ar) },
    population: { '2024': population2024(raw) },
    provenance: {
      name: raw.provenance?.name,
      population2024: raw.provenance?.population2024,
      geometry: orNull(raw.provenance?.geometry),
    },
    communeCode: raw.communeCode,
    prefectureOfArrondissementsCode: orNull(raw.prefectureOfArrondissementsCode),
    centroid: raw.centroid ? { lat: raw.centroid.lat, lng: raw.centroid.lng } : null,
    bbox: raw.bbox ? [raw.bbox[0], raw.bbox[1], raw.bbox[2], raw.bbox[3]] : null,
    areaKm2: orNull(raw.areaKm2),
    density: orNull(raw.density),
    map: mapIds(raw),
  };
}

/**
 * Slugs: communes carry theirs in the dataset (the 21 shared names already end in their
 * digits). Other levels get the folded French name, with the code digits appended when two
 * units of the level share a name, as the dataset does for communes.
 */
export function slugsFor(rows: ReadonlyArray<{ code: string; codeDigits: string; name: { fr: string } }>): Map<string, string> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const slug = slugify(row.name.fr);
    counts.set(slug, (counts.get(slug) ?? 0) + 1);
  }
  return new Map(
    rows.map((row) => {
      const slug = slugify(row.name.fr);
      return [row.code, (counts.get(slug) ?? 0) > 1 ? `${slug}-${row.codeDigits}` : slug];
    }),
  );
}

export function buildUnits(dataset: RawDataset): Units {
  const regions = byCode(dataset.json.regions.map(toRegion));
  const provinces = byCode(dataset.json.provinces.map(toProvince));
  const cercles = byCode(dataset.json.cercles.map(toCercle));
  const communes = byCode(dataset.json.communes.map(toCommune));
  const arrondissements = byCode(dataset.json.arrondissements.map(toArrondissement));
  const index: UnitIndexEntry[] = [];
  const add = (level: Level, rows: Array<{ code: string; codeDigits: string; name: { fr: string; ar: string | null } }>, slugs: Map<string, string>) => {
    for (const row of rows) {
      index.push({ code: row.code, codeDigits: row.codeDigits, level, slug: slugs.get(row.code)!, name: row.name });
    }
  };
  add('region', regions, slugsFor(regions));
  add('province', provinces, slugsFor(provinces));
  add('cercle', cercles, slugsFor(cercles));
  add('commune', communes, new Map(communes.map((c) => [c.code, c.slug])));
  add('arrondissement', arrondissements, slugsFor(arrondissements));
  return { regions, provinces, cercles, communes, arrondissements, index };
}

