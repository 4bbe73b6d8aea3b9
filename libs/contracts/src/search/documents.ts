/** One search document per unit, built by the ETL and read by both search engines. */
import { LEVEL_PRECEDENCE, type Level } from '../levels.js';
import { normaliseName } from '../normalise.js';
import type { Name, UnitIndexEntry } from '../records.js';
import type { Exonym } from './exonyms.js';
import { arabicSkeleton, skeleton, trigrams } from './text.js';

export interface SearchDocument {
  code: string;
  codeDigits: string;
  level: Level;
  name: Name;
  slug: string;
  /** Folded French name, folded Arabic name, slug with spaces: the fields exact and prefix read. */
  fields: { fr: string; ar: string; slug: string };
  /** Distinct trigrams across the three fields, sorted. */
  grams: string[];
  /** Skeletons of the French name and of the exonyms, distinct. */
  skeletons: string[];
  /** Folded exonyms of this unit. */
  aliases: string[];
  /** Named places this unit holds (OpenStreetMap neighbourhoods, Poste Maroc quarters); absent without place data. */
  neighbourhoods?: DocumentNeighbourhood[];
  /** Postcodes that serve this commune. */
  postcodes?: string[];
  /** The commune's douars with an Arabic name (issue 14), by code; absent without the douar file. */
  douars?: DocumentDouar[];
}

export interface DocumentDouar {
  code: string;
  name: { ar: string };
  /** The folded Arabic name. */
  folded: string;
  /** Its consonant skeleton as a Latin spelling would have it (`arabicSkeleton`), when it has DOUAR_SKELETON_MIN symbols or more. */
  skeleton?: string;
}

/** What search reads of a douar record. */
export interface DouarName {
  code: string;
  name: { ar: string | null };
}

export interface DocumentNeighbourhood {
  name: Name;
  /** Its folded French and Arabic names, those it has. */
  folded: string[];
  postcode?: string;
}

/** Place names as the ETL read them (PLACES_DIR), by the unit that holds each. */
export interface PlaceNames {
  neighbourhoods: ReadonlyArray<{ name: Name; unitCode: string; postcode?: string }>;
  postcodes: ReadonlyArray<{ postcode: string; communeCode: string }>;
}

export interface SearchDocumentsFile {
  datasetVersion: string;
  documents: SearchDocument[];
}

export function levelRank(level: Level): number {
  return LEVEL_PRECEDENCE.indexOf(level);
}

/**
 * A guessed transliteration of two consonants (سد, سيدي → "sd") would meet too many Latin
 * queries and add hundreds of candidates for nothing, so douars are spelled from 3.
 */
export const DOUAR_SKELETON_MIN = 3;

/** A douar as search holds it; null for one without a name to search. */
export function documentDouar(douar: DouarName): DocumentDouar | null {
  const folded = normaliseName(douar.name.ar ?? '');
  if (folded === '') return null;
  const skel = arabicSkeleton(folded);
  return { code: douar.code, name: { ar: douar.name.ar! }, folded, ...(skel !== null && skel.length >= DOUAR_SKELETON_MIN ? { skeleton: skel } : {}) };
}

export function buildSearchDocuments(
  units: readonly UnitIndexEntry[],
  exonyms: readonly Exonym[],
  places?: PlaceNames | null,
  douars?: ReadonlyMap<string, readonly DouarName[]> | null,
): SearchDocument[] {
  const aliasesOf = new Map<string, string[]>();
  for (const exonym of exonyms) aliasesOf.set(exonym.code, [...(aliasesOf.get(exonym.code) ?? []), normaliseName(exonym.name)]);
  const neighbourhoodsOf = new Map<string, DocumentNeighbourhood[]>();
  for (const place of places?.neighbourhoods ?? []) {
    const folded = [...new Set([place.name.fr, place.name.ar ?? ''].map(normaliseName).filter((n) => n !== ''))];
    const entry: DocumentNeighbourhood = { name: place.name, folded, ...(place.postcode ? { postcode: place.postcode } : {}) };
    neighbourhoodsOf.set(place.unitCode, [...(neighbourhoodsOf.get(place.unitCode) ?? []), entry]);
  }
  const postcodesOf = new Map<string, string[]>();
  for (const { postcode, communeCode } of places?.postcodes ?? []) postcodesOf.set(communeCode, [...(postcodesOf.get(communeCode) ?? []), postcode]);
  return units.map((unit) => {
    const fields = { fr: normaliseName(unit.name.fr), ar: normaliseName(unit.name.ar ?? ''), slug: unit.slug.replace(/-/g, ' ') };
    const aliases = aliasesOf.get(unit.code) ?? [];
    const grams = [...new Set([fields.fr, fields.ar, fields.slug].flatMap(trigrams))].sort();
    const skeletons = [...new Set([fields.fr, ...aliases].map(skeleton).filter((s): s is string => s !== null && s.length > 0))];
    const neighbourhoods = neighbourhoodsOf.get(unit.code);
    const postcodes = postcodesOf.get(unit.code);
    const held = douars?.get(unit.code)?.map(documentDouar).filter((d): d is DocumentDouar => d !== null);
    return {
      code: unit.code,
      codeDigits: unit.codeDigits,
      level: unit.level,
      name: unit.name,
      slug: unit.slug,
      fields,
      grams,
      skeletons,
      aliases,
      ...(neighbourhoods ? { neighbourhoods } : {}),
      ...(postcodes ? { postcodes: [...new Set(postcodes)].sort() } : {}),
      ...(held && held.length > 0 ? { douars: held.sort((a, b) => (a.code < b.code ? -1 : 1)) } : {}),
    };
  });
}

/** Build-time check of the exonym table against the unit index. */
export function checkExonyms(units: readonly UnitIndexEntry[], exonyms: readonly Exonym[]): string[] {
  const codes = new Set(units.map((u) => u.code));
  const names = new Map<string, UnitIndexEntry>();
  for (const unit of units) for (const n of [unit.name.fr, unit.name.ar ?? '']) if (n) names.set(normaliseName(n), unit);
  const violations: string[] = [];
  for (const exonym of exonyms) {
    if (!codes.has(exonym.code)) violations.push(`exonym ${exonym.name}: no unit has code ${exonym.code}`);
    const clash = names.get(normaliseName(exonym.name));
    if (clash) violations.push(`exonym ${exonym.name}: already the name of ${clash.level} ${clash.code} (${clash.name.fr})`);
  }
  return violations;
}
