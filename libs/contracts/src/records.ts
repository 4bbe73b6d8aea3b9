/** Record shapes of spec §2, field by field. */
import type { Level } from './levels.js';

export interface Name {
  fr: string;
  ar: string | null;
}

export interface Population2024 {
  total: number;
  moroccan: number;
  foreign: number;
  households: number;
}

export interface LatLng {
  lat: number;
  lng: number;
}

/** west, south, east, north */
export type BBox = [number, number, number, number];

export interface MapIds {
  relationId: number;
  entityId: string | null;
}

export interface UpperProvenance {
  name: string;
  population2024: string;
}

export interface RegionRecord {
  code: string;
  codeDigits: string;
  name: Name;
  population: { '2024': Population2024 };
  provenance: UpperProvenance;
  provinceCount: number;
  communeCount: number;
}

export interface ProvinceRecord {
  code: string;
  codeDigits: string;
  name: Name;
  population: { '2024': Population2024 };
  provenance: UpperProvenance;
  type: string;
  regionCode: string;
  cercleCount: number;
  communeCount: number;
}

export interface CercleRecord {
  code: string;
  codeDigits: string;
  name: Name;
  population: { '2024': Population2024 };
  provenance: UpperProvenance;
  regionCode: string;
  provinceCode: string;
  communeCount: number;
}

export type ChangeBasis = 'exact_code' | 'arrondissement_sum' | 'crosswalk';

export interface PopulationChange {
  absolute: number;
  pct: number;
  basis?: ChangeBasis;
}

export interface UrbanCentre {
  name: string;
  population: number | null;
}

export interface CommuneRecord {
  code: string;
  codeDigits: string;
  slug: string;
  nameFrRaw: string | null;
  name: Name;
  type: 'urban' | 'rural';
  parents: { region: string; province: string; cercle: string | null };
  population: {
    '2014': { total: number | null; households: number | null } | null;
    '2024': Population2024;
    change: PopulationChange | null;
  };
  urbanCentres: UrbanCentre[];
  centroid: LatLng | null;
  bbox: BBox | null;
  areaKm2: number | null;
  density: number | null;
  map: MapIds | null;
  provenance: {
    name: string;
    population2024: string;
    population2014?: string;
    geometry: string | null;
  };
}

export interface ArrondissementRecord {
  code: string;
  codeDigits: string;
  name: Name;
  population: { '2024': Population2024 };
  provenance: { name: string; population2024: string; geometry: string | null };
  communeCode: string;
  prefectureOfArrondissementsCode: string | null;
  centroid: LatLng | null;
  bbox: BBox | null;
  areaKm2: number | null;
  density: number | null;
  map: MapIds | null;
}

export type UnitRecord = RegionRecord | ProvinceRecord | CercleRecord | CommuneRecord | ArrondissementRecord;

/** One line of the unit index: what identifier resolution and search need about a unit. */
export interface UnitIndexEntry {
  code: string;
  codeDigits: string;
  level: Level;
  slug: string;
  name: Name;
}

/** The unit index file of a dataset build (`units.json`). */
export interface UnitIndex {
  datasetVersion: string;
  units: UnitIndexEntry[];
}
