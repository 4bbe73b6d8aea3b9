/**
 * The in-process engine: trigram and skeleton postings over the build's search documents.
 * Candidates are what reference-behaviour §4.5 step 2 names (a shared trigram, the exonym's
 * target, an equal skeleton), plus a prefix scan for queries too short to have a trigram of
 * their own, so that "ta" still lists Tanger and Taza; and the units holding a named place or a
 * douar the query begins or names a word of, or a douar whose skeleton is the query's.
 */
import { NEIGHBOURHOOD_MIN_LENGTH, type Level, type PreparedQuery, type SearchDocument } from '@mc/contracts';
import type { SearchEngine } from './search-engine.js';

const add = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

export class EmbeddedEngine implements SearchEngine {
  readonly name = 'embedded' as const;
  private readonly byGram = new Map<string, SearchDocument[]>();
  private readonly bySkeleton = new Map<string, SearchDocument[]>();
  private readonly byAlias = new Map<string, SearchDocument[]>();
  /** Every word of every named place and douar, to the units holding it (the scorer's "word" rule). */
  private readonly byPlaceWord = new Map<string, SearchDocument[]>();
  /** Every folded place and douar name with its unit, sorted: a prefix is a range found by bisection. */
  private readonly placeNames: Array<[string, SearchDocument]> = [];

  constructor(private readonly documents: readonly SearchDocument[]) {
    for (const doc of documents) {
      for (const gram of doc.grams) add(this.byGram, gram, doc);
      for (const skeleton of doc.skeletons) add(this.bySkeleton, skeleton, doc);
      for (const alias of doc.aliases) add(this.byAlias, alias, doc);
      for (const place of doc.neighbourhoods ?? []) {
        for (const name of place.folded) {
          this.placeNames.push([name, doc]);
          for (const word of new Set(name.split(' '))) add(this.byPlaceWord, word, doc);
        }
      }
      for (const douar of doc.douars ?? []) {
        this.placeNames.push([douar.folded, doc]);
        for (const word of new Set(douar.folded.split(' '))) add(this.byPlaceWord, word, doc);
        if (douar.skeleton !== undefined) add(this.bySkeleton, douar.skeleton, doc);
      }
    }
    this.placeNames.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }

  /** Units holding a place whose name begins with `prefix`, or has it as a whole word. */
  private placesFor(folded: string, found: Set<SearchDocument>): void {
    if (folded.length < NEIGHBOURHOOD_MIN_LENGTH) return;
    let lo = 0;
    let hi = this.placeNames.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.placeNames[mid]![0] < folded) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.placeNames.length && this.placeNames[i]![0].startsWith(folded); i++) found.add(this.placeNames[i]![1]);
    for (const doc of this.byPlaceWord.get(folded) ?? []) found.add(doc);
  }

  async candidates(query: PreparedQuery): Promise<Iterable<SearchDocument>> {
    return this.candidatesSync(query);
  }

  /** Synchronous core, also used by the benchmark. Levels are filtered by the scorer. */
  candidatesSync(query: PreparedQuery, _levels?: ReadonlySet<Level> | null): Set<SearchDocument> {
    const found = new Set<SearchDocument>();
    for (const gram of query.distinctGrams) for (const doc of this.byGram.get(gram) ?? []) found.add(doc);
    for (const doc of this.byAlias.get(query.folded) ?? []) found.add(doc);
    if (query.skeleton !== null) for (const doc of this.bySkeleton.get(query.skeleton) ?? []) found.add(doc);
    this.placesFor(query.folded, found);
    if (query.folded.length > 0 && query.folded.length < 3) {
      for (const doc of this.documents) {
        if (doc.fields.fr.startsWith(query.folded) || doc.fields.ar.startsWith(query.folded) || doc.fields.slug.startsWith(query.folded)) found.add(doc);
      }
    }
    return found;
  }
}

