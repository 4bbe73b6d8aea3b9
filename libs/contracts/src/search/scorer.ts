/**
 * The one scorer both engines share (reference-behaviour §4.5): whichever engine retrieves
 * candidates, this decides `matched` and `score` and the order of hits.
 */
import type { Level } from '../levels.js';
import { normaliseName } from '../normalise.js';
import type { Name } from '../records.js';
import { levelRank, type SearchDocument } from './documents.js';
import { skeleton, trigrams } from './text.js';

export type MatchKind = 'code' | 'exact' | 'alias' | 'prefix' | 'spelling' | 'trigram';

export interface SearchHit {
  code: string;
  level: Level;
  name: Name;
  slug: string;
  score: number;
  matched: MatchKind;
}

export interface PreparedQuery {
  raw: string;
  folded: string;
  /** With duplicates: the Dice denominator counts them. */
  grams: string[];
  distinctGrams: string[];
  /** Null when not Latin script or shorter than 2 symbols. */
  skeleton: string | null;
}

export const CODE_QUERY = /^[0-9][0-9.]*$/;
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

/** The first rule that applies, or null when the document does not match at all. */
export function scoreDocument(query: PreparedQuery, doc: SearchDocument): { score: number; matched: MatchKind } | null {
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

export function toHit(doc: SearchDocument, score: number, matched: MatchKind): SearchHit {
  return { code: doc.code, level: doc.level, name: doc.name, slug: doc.slug, score: round4(score), matched };
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
  const best = new Map<string, SearchHit>();
  for (const doc of candidates) {
    if (levels && !levels.has(doc.level)) continue;
    const result = scoreDocument(query, doc);
    if (!result) continue;
    const hit = toHit(doc, result.score, result.matched);
    const seen = best.get(doc.code);
    if (!seen || compareHits(hit, seen) < 0) best.set(doc.code, hit);
  }
  return [...best.values()].sort(compareHits).slice(0, limit);
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
