/**
 * The in-process engine: trigram and skeleton postings over the build's search documents.
 * Candidates are what reference-behaviour §4.5 step 2 names (a shared trigram, the exonym's
 * target, an equal skeleton), plus a prefix scan for queries too short to have a trigram of
 * their own, so that "ta" still lists Tanger and Taza.
 */
import { type Level, type PreparedQuery, type SearchDocument } from '@mc/contracts';
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

  constructor(private readonly documents: readonly SearchDocument[]) {
    for (const doc of documents) {
      for (const gram of doc.grams) add(this.byGram, gram, doc);
      for (const skeleton of doc.skeletons) add(this.bySkeleton, skeleton, doc);
      for (const alias of doc.aliases) add(this.byAlias, alias, doc);
    }
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
    if (query.folded.length > 0 && query.folded.length < 3) {
      for (const doc of this.documents) {
        if (doc.fields.fr.startsWith(query.folded) || doc.fields.ar.startsWith(query.folded) || doc.fields.slug.startsWith(query.folded)) found.add(doc);
      }
    }
    return found;
  }
}

