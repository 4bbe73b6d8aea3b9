/**
 * The one scorer both engines share (reference-behaviour §4.5): whichever engine retrieves
 * candidates, this decides `matched` and `score` and the order of hits.
 */
import type { Level } from '../levels.js';
import { normaliseName } from '../normalise.js';
import type { Name } from '../records.js';
import { levelRank, type DocumentDouar, type DocumentNeighbourhood, type SearchDocument } from './documents.js';
import { skeleton, trigrams } from './text.js';
import { bestHeldName, indexHeldNames, type HeldNameIndex } from './held-names.js';

export type MatchKind = 'code' | 'exact' | 'alias' | 'prefix' | 'spelling' | 'trigram' | 'neighbourhood' | 'postcode' | 'douar';

export interface SearchHit {
  code: string;
  level: Level;
  name: Name;
  slug: string;
  score: number;
  matched: MatchKind;
  /** The named place that matched (matched = neighbourhood). */
  neighbourhood?: Name;
  /** The postcode that matched (matched = postcode), or the matched neighbourhood's. */
  postcode?: string;
  /** The douar of this commune that matched (matched = douar). */
  douar?: { code: string; name: { ar: string } };
}

export interface PreparedQuery {
  raw: string;
  folded: string;
  /** With duplicates: the Dice denominator counts them. */
  grams: string[];
  distinctGrams: string[];
  /** Null when not Latin script or shorter than 2 symbols. */
  skeleton: string | null;
  /** Whether the folded query has an Arabic letter: only such a query can meet a douar's (Arabic) name. */
  arabic: boolean;
}

export const CODE_QUERY = /^[0-9][0-9.]*$/;
const ARABIC_LETTER = /[\u0620-\u064A\u066E-\u06D3]/;
const SHORT_SKELETON = 2;

export function prepareQuery(raw: string): PreparedQuery {
  const folded = normaliseName(raw);
  const grams = trigrams(folded);
  const skel = skeleton(folded);
  return {
    raw: raw.trim(),
    folded,
    grams,
    distinctGrams: [...new Set(grams)],
    skeleton: skel !== null && skel.length >= SHORT_SKELETON ? skel : null,
    arabic: ARABIC_LETTER.test(folded),
  };
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

function dice(query: PreparedQuery, doc: SearchDocument): number {
  if (query.grams.length === 0) return 0;
  let shared = 0;
  for (const gram of query.distinctGrams) if (binaryHas(doc.grams, gram)) shared++;
  return (200 * shared) / (doc.grams.length + query.grams.length);
}

function binaryHas(sorted: readonly string[], value: string): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = sorted[mid]!;
    if (at === value) return true;
    if (at < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

export interface DocumentScore {
  score: number;
  matched: MatchKind;
  place?: DocumentNeighbourhood;
  douar?: DocumentDouar;
}

/** Neighbourhoods are matched from this many folded characters (reference-behaviour §4.5). */
export const NEIGHBOURHOOD_MIN_LENGTH = 3;

const PLACE_SCORES = { exact: 950, prefixTop: 450, prefixCap: 198, word: 250 };
const DOUAR_SCORES = { exact: 900, prefixTop: 240, prefixCap: 38, word: 200 };

/** Held-name indexes of the documents scored so far, built at a document's first scoring. */
const placeIndexes = new WeakMap<SearchDocument, HeldNameIndex>();
const douarIndexes = new WeakMap<SearchDocument, { names: HeldNameIndex; bySkeleton: Map<string, number> }>();

/**
 * The best named place of the unit for the query: its exact name 950 (below a unit's exact
 * name, alias or code, 1000), a name it begins 450 down to 252 as the name is longer, a whole
 * word of a name 250. The first place wins a tie.
 */
export function neighbourhoodScore(folded: string, doc: SearchDocument): DocumentScore | null {
  if (folded.length < NEIGHBOURHOOD_MIN_LENGTH || !doc.neighbourhoods) return null;
  let index = placeIndexes.get(doc);
  if (!index) placeIndexes.set(doc, (index = indexHeldNames(doc.neighbourhoods.map((place) => place.folded))));
  const best = bestHeldName(index, folded, PLACE_SCORES);
  return best && { score: best.score, matched: 'neighbourhood', place: doc.neighbourhoods[best.position]! };
}

/**
 * The best douar of the commune for the query, always below a unit or a neighbourhood of the
 * same name: its exact name 900, a name it begins 240 down to 202 as the name is longer, a
 * whole word of a name 200, a Latin spelling of its skeleton 150 (the skeleton of an Arabic
 * name is a guess, so it ranks under every name match, above trigram likeness). Names from 3
 * characters; the first douar by code wins a tie.
 */
export function douarScore(query: PreparedQuery, doc: SearchDocument): DocumentScore | null {
  const { folded } = query;
  // Douar names are Arabic: a Latin query can meet them only by skeleton.
  if (!doc.douars || folded.length < NEIGHBOURHOOD_MIN_LENGTH || (!query.arabic && query.skeleton === null)) return null;
  let index = douarIndexes.get(doc);
  if (!index) {
    const bySkeleton = new Map<string, number>();
    doc.douars.forEach((douar, position) => douar.skeleton !== undefined && !bySkeleton.has(douar.skeleton) && bySkeleton.set(douar.skeleton, position));
    douarIndexes.set(doc, (index = { names: indexHeldNames(doc.douars.map((douar) => [douar.folded])), bySkeleton }));
  }
  const best = query.arabic ? bestHeldName(index.names, folded, DOUAR_SCORES) : null;
  if (best) return { score: best.score, matched: 'douar', douar: doc.douars[best.position]! };
  const spelled = query.skeleton === null ? undefined : index.bySkeleton.get(query.skeleton);
  return spelled === undefined ? null : { score: 150, matched: 'douar', douar: doc.douars[spelled]! };
}

/** The unit's own best rule, or a named place or douar of it when that scores higher; null when nothing matches. */
export function scoreDocument(query: PreparedQuery, doc: SearchDocument): DocumentScore | null {
  let best = scoreOwnNames(query, doc);
  for (const held of [neighbourhoodScore(query.folded, doc), douarScore(query, doc)]) if (held && (!best || held.score > best.score)) best = held;
  return best;
}

/** The first rule of the unit's own names that applies. */
function scoreOwnNames(query: PreparedQuery, doc: SearchDocument): DocumentScore | null {
  const { folded } = query;
  if (folded === '') return null;
  const fields = [doc.fields.fr, doc.fields.ar, doc.fields.slug];
  if (fields.includes(folded)) return { score: 1000, matched: 'exact' };
  if (doc.aliases.includes(folded)) return { score: 1000, matched: 'alias' };
  const prefixed = fields.find((field) => field.startsWith(folded));
  if (prefixed !== undefined) return { score: 500 - Math.min(499, prefixed.length - folded.length), matched: 'prefix' };
  if (query.skeleton !== null && doc.skeletons.includes(query.skeleton)) return { score: 300 + dice(query, doc), matched: 'spelling' };
  const score = dice(query, doc);
  return score > 0 ? { score, matched: 'trigram' } : null;
}

export function toHit(doc: SearchDocument, score: number, matched: MatchKind, place?: { neighbourhood?: Name; postcode?: string; douar?: DocumentDouar }): SearchHit {
  const hit: SearchHit = { code: doc.code, level: doc.level, name: doc.name, slug: doc.slug, score: round4(score), matched };
  if (place?.neighbourhood) hit.neighbourhood = place.neighbourhood;
  if (place?.postcode) hit.postcode = place.postcode;
  if (place?.douar) hit.douar = { code: place.douar.code, name: place.douar.name };
  return hit;
}

/** Best first: score, then level rank (commune first), then code; one hit per unit. */
export function compareHits(a: SearchHit, b: SearchHit): number {
  return b.score - a.score || levelRank(a.level) - levelRank(b.level) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}

export function rankCandidates(
  query: PreparedQuery,
  candidates: Iterable<SearchDocument>,
  levels: ReadonlySet<Level> | null,
  limit: number,
): SearchHit[] {
  // Hits are made for the kept few only: a short query scores hundreds of candidates.
  const scored: Array<{ doc: SearchDocument; score: number; rank: number; result: DocumentScore }> = [];
  const seen = new Set<string>();
  for (const doc of candidates) {
    if ((levels && !levels.has(doc.level)) || seen.has(doc.code)) continue;
    seen.add(doc.code);
    const result = scoreDocument(query, doc);
    if (result) scored.push({ doc, score: round4(result.score), rank: levelRank(doc.level), result });
  }
  scored.sort((a, b) => b.score - a.score || a.rank - b.rank || (a.doc.code < b.doc.code ? -1 : a.doc.code > b.doc.code ? 1 : 0));
  return scored.slice(0, limit).map(({ doc, result }) => toHit(doc, result.score, result.matched, result.place ? { neighbourhood: result.place.name, postcode: result.place.postcode } : result.douar && { douar: result.douar }));
}

/** A five-digit query may be a postcode: the communes it serves, just below code matches. */
export const POSTCODE_QUERY = /^\d{5}$/;

/** Code matches first (a postcode that is also a code spelling keeps its code match), then the postcode's communes. */
export function codeOrPostcodeHits(raw: string, docs: readonly SearchDocument[], levels: ReadonlySet<Level> | null, limit: number): SearchHit[] {
  const hits = codeHits(raw, docs, levels, Number.MAX_SAFE_INTEGER);
  const query = raw.trim();
  if (POSTCODE_QUERY.test(query)) {
    const coded = new Set(hits.map((h) => h.code));
    for (const doc of docs) {
      if (doc.postcodes?.includes(query) && !coded.has(doc.code) && (!levels || levels.has(doc.level))) hits.push(toHit(doc, 950, 'postcode', { postcode: query }));
    }
  }
  return hits.sort(compareHits).slice(0, limit);
}

/**
 * A query of digits and dots is a code: the dotted code itself, or (without dots) the digits
 * with leading zeros ignored. No name search happens; a code naming nothing finds nothing.
 */
export function codeHits(raw: string, docs: readonly SearchDocument[], levels: ReadonlySet<Level> | null, limit: number): SearchHit[] {
  const query = raw.trim();
  const digits = query.includes('.') ? null : query.replace(/^0+/, '');
  return docs
    .filter((doc) => !levels || levels.has(doc.level))
    .filter((doc) => doc.code === query || (digits !== null && doc.codeDigits.replace(/^0+/, '') === digits))
    .map((doc) => toHit(doc, 1000, 'code'))
    .sort(compareHits)
    .slice(0, limit);
}
