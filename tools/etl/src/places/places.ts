/**
 * Place names for search (issue 13): OpenStreetMap neighbourhoods and Poste Maroc postcodes
 * with their quarter names (`neighbourhoods.json`, `postcodes.json` in PLACES_DIR, by default
 * the `api-data/` folder beside the dataset). Optional: a dataset without them builds as
 * before. Read strictly: an unknown unit, a unit of the wrong level, a postcode that is not
 * five digits stops the ETL with the file and the entry that is wrong.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { childListPath, listEnvelope, normaliseName, type Envelope, type Level, type Name, type UnitIndexEntry } from '@mc/contracts';
import { parseJsonText } from '../read-dataset.js';

export const PLACE_FILES = { neighbourhoods: 'neighbourhoods.json', postcodes: 'postcodes.json' } as const;

export interface Neighbourhood {
  name: Name;
  /** The arrondissement or commune that holds it. */
  unitCode: string;
  level: Extract<Level, 'commune' | 'arrondissement'>;
  source: 'osm' | 'poste-maroc';
  /** Poste Maroc's quarters: the postcode that serves them. */
  postcode?: string;
}

export interface Postcode {
  postcode: string;
  communeCode: string;
}

export interface Places {
  source: { neighbourhoods: string; postcodes: string };
  neighbourhoods: Neighbourhood[];
  postcodes: Postcode[];
  /** Poste Maroc quarter names left out by `cleanQuarterName`, counted for the report. */
  quartersDropped: number;
}

export class PlacesInvalidError extends Error {
  override name = 'PlacesInvalidError';
}

export { defaultPlacesDir } from '../build-identity.js';

/** Words Poste Maroc puts before a name that nobody types when looking a place up. */
const FILING_WORDS = /^(quartier|lotissement|lot|residence|res|cooperative|coop|ensemble|programme|secteur)\s+/;
/** Rows that name a building or premises (a block, a market), not a quarter (reference-behaviour §4.7). */
const PREMISES = /^(immeuble|imm|bloc|kissariat|kissariate|kissaria|marche|complexe|groupe|magasin)\b/;
/** Words that, with numbers and single letters, make a designation rather than a name. */
const GENERIC_WORDS = new Set(['lotissement', 'lot', 'residence', 'res', 'cooperative', 'coop', 'immeuble', 'imm', 'secteur', 'bloc', 'tranche', 'zone', 'quartier', 'groupe', 'ilot', 'extension', 'hay', 'industriel', 'industrielle', 'bis', 'nouvelle', 'ancienne']);
const DESIGNATION = /^(\d+\w*|\p{L}|[ivx]+)$/u;

/**
 * A Poste Maroc quarter name as a person would type it, or null when there is none:
 * "Lot Annassim" → "Annassim", "Residence Al Boustane" → "Al Boustane", "Secteur 12" → null,
 * "Lot 707" → null, "Secteur B 4" → null, "Immeuble Al Amal" → null (premises, not a quarter).
 * "Hay", "Derb", "Douar" and "Cité" stay before a name: people type "Hay Riad".
 */
export function cleanQuarterName(raw: string): string | null {
  const spaced = raw.replace(/\s+/g, ' ').trim();
  if (PREMISES.test(normaliseName(spaced))) return null;
  const filing = FILING_WORDS.exec(normaliseName(spaced));
  const kept = filing ? spaced.split(' ').slice(filing[0].trim().split(' ').length).join(' ') : spaced;
  const tokens = normaliseName(kept).split(' ').filter(Boolean);
  if (tokens.join('').replace(/[^\p{L}]/gu, '').length < 3) return null;
  if (tokens.every((token) => GENERIC_WORDS.has(token) || DESIGNATION.test(token))) return null;
  return kept;
}

function readJson(dir: string, file: string): unknown {
  return parseJsonText(readFileSync(join(dir, file), 'utf8'), join(dir, file));
}

/** The place names of PLACES_DIR, checked against the units; null when the folder has neither file. */
export function readPlaces(placesDir: string, units: readonly UnitIndexEntry[], communeOfArrondissement: ReadonlyMap<string, string> = new Map()): Places | null {
  const hasNeighbourhoods = existsSync(join(placesDir, PLACE_FILES.neighbourhoods));
  const hasPostcodes = existsSync(join(placesDir, PLACE_FILES.postcodes));
  if (!hasNeighbourhoods && !hasPostcodes) return null;
  if (!hasNeighbourhoods || !hasPostcodes) throw new PlacesInvalidError(`${placesDir} has ${hasNeighbourhoods ? PLACE_FILES.neighbourhoods : PLACE_FILES.postcodes} but not the other; both or neither`);
  const byCode = new Map(units.map((u) => [u.code, u]));
  const fail = (file: string, at: number, why: string): never => {
    throw new PlacesInvalidError(`${join(placesDir, file)}, entry ${at + 1}: ${why}`);
  };

  const osm = readJson(placesDir, PLACE_FILES.neighbourhoods) as { source?: unknown; places?: unknown };
  if (typeof osm.source !== 'string' || !Array.isArray(osm.places)) fail(PLACE_FILES.neighbourhoods, -1, 'expected {"source", "places": [...]}');
  const neighbourhoods: Neighbourhood[] = (osm.places as unknown[]).map((entry, i) => {
    if (!Array.isArray(entry) || entry.length !== 3 || !entry.every((v) => typeof v === 'string')) return fail(PLACE_FILES.neighbourhoods, i, 'expected [name_fr, name_ar, unit_code]');
    const [fr, ar, code] = entry as [string, string, string];
    const unit = byCode.get(code);
    if (!unit) return fail(PLACE_FILES.neighbourhoods, i, `unit ${code} is not in the dataset`);
    if (unit.level !== 'commune' && unit.level !== 'arrondissement') return fail(PLACE_FILES.neighbourhoods, i, `unit ${code} is a ${unit.level}, not a commune or arrondissement`);
    if (!fr.trim() && !ar.trim()) return fail(PLACE_FILES.neighbourhoods, i, 'a place without a name');
    return { name: { fr: fr.trim(), ar: ar.trim() }, unitCode: code, level: unit.level, source: 'osm' as const };
  });

  const poste = readJson(placesDir, PLACE_FILES.postcodes) as { source?: unknown; postcodes?: unknown };
  if (typeof poste.source !== 'string' || !Array.isArray(poste.postcodes)) fail(PLACE_FILES.postcodes, -1, 'expected {"source", "postcodes": [...]}');
  const postcodes: Postcode[] = [];
  const seenPairs = new Set<string>();
  // One place per folded name in a commune, arrondissements included: a Poste Maroc quarter that
  // OpenStreetMap already places (often in an arrondissement, which is more precise) only lends
  // it its postcode; Poste Maroc lists some names twice, with and without accents.
  const namedIn = new Map<string, Map<string, Neighbourhood>>();
  const communeOf = (code: string) => communeOfArrondissement.get(code) ?? code;
  for (const n of neighbourhoods) {
    const named = namedIn.get(communeOf(n.unitCode)) ?? new Map<string, Neighbourhood>();
    for (const folded of [n.name.fr, n.name.ar].map((name) => normaliseName(name ?? ''))) if (folded && !named.has(folded)) named.set(folded, n);
    namedIn.set(communeOf(n.unitCode), named);
  }
  let quartersDropped = 0;
  for (const [i, entry] of (poste.postcodes as unknown[]).entries()) {
    if (!Array.isArray(entry) || entry.length !== 3 || typeof entry[0] !== 'string' || typeof entry[1] !== 'string' || !Array.isArray(entry[2])) fail(PLACE_FILES.postcodes, i, 'expected [postcode, commune_code, [quarter names]]');
    const [postcode, code, quarters] = entry as [string, string, unknown[]];
    if (!/^\d{5}$/.test(postcode)) fail(PLACE_FILES.postcodes, i, `postcode "${postcode}" is not five digits`);
    const unit = byCode.get(code);
    if (!unit) fail(PLACE_FILES.postcodes, i, `commune ${code} is not in the dataset`);
    if (unit!.level !== 'commune') fail(PLACE_FILES.postcodes, i, `unit ${code} is a ${unit!.level}, not a commune`);
    if (!seenPairs.has(`${postcode} ${code}`)) postcodes.push({ postcode, communeCode: code });
    seenPairs.add(`${postcode} ${code}`);
    const named = namedIn.get(code) ?? new Map<string, Neighbourhood>();
    namedIn.set(code, named);
    for (const quarter of quarters) {
      if (typeof quarter !== 'string') fail(PLACE_FILES.postcodes, i, 'a quarter name that is not a string');
      const clean = cleanQuarterName(quarter as string);
      const known = clean === null ? undefined : named.get(normaliseName(clean));
      if (clean === null || known) {
        if (known && known.postcode === undefined) known.postcode = postcode;
        quartersDropped += 1;
        continue;
      }
      const place: Neighbourhood = { name: { fr: clean, ar: '' }, unitCode: code, level: 'commune', source: 'poste-maroc', postcode };
      named.set(normaliseName(clean), place);
      neighbourhoods.push(place);
    }
  }
  return { source: { neighbourhoods: osm.source as string, postcodes: poste.source as string }, neighbourhoods, postcodes, quartersDropped };
}

/** The two sources as `version.json` lists them, beside the dataset's own. */
export function placeSources(places: Places, placesDir: string): Array<Record<string, string>> {
  const sha256 = (file: string) => createHash('sha256').update(readFileSync(join(placesDir, file))).digest('hex');
  return [
    { id: 'osm-neighbourhoods', description: places.source.neighbourhoods, licence: '© OpenStreetMap contributors, Open Database Licence (ODbL 1.0), https://opendatacommons.org/licenses/odbl/1-0/', file: PLACE_FILES.neighbourhoods, sha256: sha256(PLACE_FILES.neighbourhoods) },
    { id: 'poste-maroc-postcodes', description: places.source.postcodes, licence: 'Poste Maroc, data.gov.ma, Open Database Licence (ODbL 1.0), https://opendatacommons.org/licenses/odbl/1-0/', file: PLACE_FILES.postcodes, sha256: sha256(PLACE_FILES.postcodes) },
  ];
}

/** A named place as `…/neighbourhoods.json` lists it. */
export interface NeighbourhoodRow {
  name: Name;
  /** Where it is when the commune is divided: its arrondissement. */
  arrondissement?: string;
  postcode?: string;
  source: 'OpenStreetMap' | 'Poste Maroc';
}

/** A postcode as `…/postcodes.json` lists it, with the quarter names it serves in the commune. */
export interface PostcodeRow {
  postcode: string;
  quarters: string[];
}

const byFoldedName = (a: NeighbourhoodRow, b: NeighbourhoodRow) => {
  const [x, y] = [normaliseName(a.name.fr || a.name.ar || ''), normaliseName(b.name.fr || b.name.ar || '')];
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * Every commune's `postcodes.json` and `neighbourhoods.json`, and every arrondissement's
 * `neighbourhoods.json`: lists in the envelope of every list, empty where there is nothing
 * (most rural communes), ordered by postcode and by name.
 */
export function placeFiles(places: Places, units: readonly UnitIndexEntry[], communeOfArrondissement: ReadonlyMap<string, string>, datasetVersion: string): Map<string, Envelope<unknown[]>> {
  const rowsOf = new Map<string, NeighbourhoodRow[]>();
  const push = (code: string, row: NeighbourhoodRow) => rowsOf.set(code, [...(rowsOf.get(code) ?? []), row]);
  for (const n of places.neighbourhoods) {
    const row: NeighbourhoodRow = { name: n.name, ...(n.postcode ? { postcode: n.postcode } : {}), source: n.source === 'osm' ? 'OpenStreetMap' : 'Poste Maroc' };
    const commune = communeOfArrondissement.get(n.unitCode);
    if (commune) {
      push(n.unitCode, row);
      push(commune, { ...row, arrondissement: n.unitCode });
    } else push(n.unitCode, row);
  }
  const files = new Map<string, Envelope<unknown[]>>();
  for (const unit of units) {
    if (unit.level !== 'commune' && unit.level !== 'arrondissement') continue;
    const path = childListPath(unit.level, unit.code, 'neighbourhoods');
    files.set(path, listEnvelope((rowsOf.get(unit.code) ?? []).sort(byFoldedName), datasetVersion, path));
    if (unit.level !== 'commune') continue;
    const postcodes: PostcodeRow[] = [...new Set(places.postcodes.filter((p) => p.communeCode === unit.code).map((p) => p.postcode))]
      .sort()
      .map((postcode) => ({ postcode, quarters: (rowsOf.get(unit.code) ?? []).filter((r) => r.postcode === postcode).map((r) => r.name.fr).filter(Boolean).sort() }));
    const postcodesPath = childListPath('commune', unit.code, 'postcodes');
    files.set(postcodesPath, listEnvelope(postcodes, datasetVersion, postcodesPath));
  }
  return files;
}
