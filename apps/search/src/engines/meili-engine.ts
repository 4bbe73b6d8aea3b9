/**
 * Candidates from Meilisearch: one multi-search with the folded query over names and aliases
 * (typo-tolerant, prefixes, synonyms) and, when the query has one, its skeleton over the
 * skeletons (exact), over the units' named places (issue 13), and over the communes' douar
 * names and their skeletons (issue 14). Hits map back to the build's
 * documents by code.
 */
import { NEIGHBOURHOOD_MIN_LENGTH, meiliLevelFilter, type Level, type PreparedQuery, type SearchDocument } from '@mc/contracts';
import type { MultiSearchQuery } from 'meilisearch';
import type { SearchEngine } from './search-engine.js';

/** The part of the Meilisearch client this engine uses; the real client fits it. */
export interface MeiliSearchClient {
  multiSearch(params: { queries: MultiSearchQuery[] }): Promise<{ results: Array<{ hits: Array<Record<string, unknown>> }> }>;
}

export const MEILI_CANDIDATES = 200;

export class MeiliEngine implements SearchEngine {
  readonly name = 'meilisearch' as const;
  private readonly byCode: Map<string, SearchDocument>;

  constructor(
    private readonly client: MeiliSearchClient,
    private readonly indexUid: string,
    documents: readonly SearchDocument[],
  ) {
    this.byCode = new Map(documents.map((d) => [d.code, d]));
  }

  /** The multi-search request for a query: what the tests check at the boundary. */
  queriesFor(query: PreparedQuery, levels: ReadonlySet<Level> | null): MultiSearchQuery[] {
    const filter = meiliLevelFilter(levels);
    const base = { indexUid: this.indexUid, limit: MEILI_CANDIDATES, attributesToRetrieve: ['code'], ...(filter ? { filter } : {}) };
    const queries: MultiSearchQuery[] = [{ ...base, q: query.folded, attributesToSearchOn: ['names', 'aliases'], matchingStrategy: 'last' }];
    if (query.skeleton !== null) queries.push({ ...base, q: query.skeleton, attributesToSearchOn: ['skeletons'], matchingStrategy: 'all' });
    // Named places: every word of the query, the last one also as a prefix ("hay ri" → Hay Riad).
    if (query.folded.length >= NEIGHBOURHOOD_MIN_LENGTH) {
      queries.push({ ...base, q: query.folded, attributesToSearchOn: ['neighbourhoods'], matchingStrategy: 'all' });
      // Douars (issue 14): by name, and a Latin spelling by the skeleton of the Arabic name.
      queries.push({ ...base, q: query.folded, attributesToSearchOn: ['douars'], matchingStrategy: 'all' });
      if (query.skeleton !== null) queries.push({ ...base, q: query.skeleton, attributesToSearchOn: ['douarSkeletons'], matchingStrategy: 'all' });
    }
    return queries;
  }

  async candidates(query: PreparedQuery, levels: ReadonlySet<Level> | null): Promise<Iterable<SearchDocument>> {
    const response = await this.client.multiSearch({ queries: this.queriesFor(query, levels) });
    const found = new Set<SearchDocument>();
    for (const result of response.results) {
      for (const hit of result.hits) {
        const doc = typeof hit.code === 'string' ? this.byCode.get(hit.code) : undefined;
        // A code the build does not know means the index holds another dataset version.
        if (!doc) throw new Error(`Meilisearch index ${this.indexUid} returned unknown code ${String(hit.code)}`);
        found.add(doc);
      }
    }
    return found;
  }
}
