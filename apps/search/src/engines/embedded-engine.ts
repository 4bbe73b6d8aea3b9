/**
 * The in-process engine: trigram and skeleton postings over the build's search documents.
 * Candidates are what reference-behaviour §4.5 step 2 names (a shared trigram, the exonym's
 * target, an equal skeleton), plus a prefix scan for queries too short to have a trigram of
 * their own, so that "ta" still lists Tanger and Taza; and the units holding a named place or a
 * douar the query begins or names a word of, or a douar whose skeleton is the query's.
 */
import { NEIGHBOURHOOD_MIN_LENGTH, type Level, type PreparedQuery, type SearchDocument } from '@mc/contracts';
import type { SearchEngine } from './search-engine.js';

/**
 * Postings: the documents under a key, one held as itself and several as an array. Most keys
 * (a douar's word or skeleton) have one document, and 100k one-element arrays took megabytes
 * of the heap, which every young collection walks (docs/design.md, "Serving fast").
 */
type Posting = SearchDocument | SearchDocument[];

const add = (map: Map<string, Posting>, key: string, doc: SearchDocument) => {
  const posting = map.get(key);
  if (posting === undefined) map.set(key, doc);
  else if (Array.isArray(posting)) posting.push(doc);
  else map.set(key, [posting, doc]);
};

/** Adds the documents under `key` to `found`. */
const collect = (map: Map<string, Posting>, key: string, found: Set<SearchDocument>) => {
  const posting = map.get(key);
  if (posting === undefined) return;
  if (Array.isArray(posting)) for (const doc of posting) found.add(doc);
  else found.add(posting);
};

export class EmbeddedEngine implements SearchEngine {
  readonly name = 'embedded' as const;
  private readonly byGram = new Map<string, Posting>();
  private readonly bySkeleton = new Map<string, Posting>();
  private readonly byAlias = new Map<string, Posting>();
  /** Every word of every named place and douar, to the units holding it (the scorer's "word" rule). */
  private readonly byPlaceWord = new Map<string, Posting>();
  /**
   * Every folded place and douar name, sorted, and the unit of each at the same index: a prefix
   * is a range found by bisection. Two arrays rather than 43k pairs.
   */
  private readonly placeNames: string[];
  private readonly placeUnits: SearchDocument[];

  constructor(private readonly documents: readonly SearchDocument[]) {
    const names: string[] = [];
    const units: SearchDocument[] = [];
    for (const doc of documents) {
      for (const gram of doc.grams) add(this.byGram, gram, doc);
      for (const skeleton of doc.skeletons) add(this.bySkeleton, skeleton, doc);
      for (const alias of doc.aliases) add(this.byAlias, alias, doc);
      for (const place of doc.neighbourhoods ?? []) {
        for (const name of place.folded) {
          names.push(name);
          units.push(doc);
          for (const word of new Set(name.split(' '))) add(this.byPlaceWord, word, doc);
        }
      }
      for (const douar of doc.douars ?? []) {
        names.push(douar.folded);
        units.push(doc);
        for (const word of new Set(douar.folded.split(' '))) add(this.byPlaceWord, word, doc);
        if (douar.skeleton !== undefined) add(this.bySkeleton, douar.skeleton, doc);
      }
    }
    const order = names.map((_, i) => i).sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : a - b));
    this.placeNames = order.map((i) => names[i]!);
    this.placeUnits = order.map((i) => units[i]!);
  }

  /** Units holding a place whose name begins with `prefix`, or has it as a whole word. */
  private placesFor(folded: string, found: Set<SearchDocument>): void {
    if (folded.length < NEIGHBOURHOOD_MIN_LENGTH) return;
    let lo = 0;
    let hi = this.placeNames.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.placeNames[mid]! < folded) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.placeNames.length && this.placeNames[i]!.startsWith(folded); i++) found.add(this.placeUnits[i]!);
    collect(this.byPlaceWord, folded, found);
  }

  async candidates(query: PreparedQuery): Promise<Iterable<SearchDocument>> {
    return this.candidatesSync(query);
  }

  /** Synchronous core, also used by the benchmark. Levels are filtered by the scorer. */
  candidatesSync(query: PreparedQuery, _levels?: ReadonlySet<Level> | null): Set<SearchDocument> {
    const found = new Set<SearchDocument>();
    for (const gram of query.distinctGrams) collect(this.byGram, gram, found);
    collect(this.byAlias, query.folded, found);
    if (query.skeleton !== null) collect(this.bySkeleton, query.skeleton, found);
    this.placesFor(query.folded, found);
    if (query.folded.length > 0 && query.folded.length < 3) {
      for (const doc of this.documents) {
        if (doc.fields.fr.startsWith(query.folded) || doc.fields.ar.startsWith(query.folded) || doc.fields.slug.startsWith(query.folded)) found.add(doc);
      }
    }
    return found;
  }
}

