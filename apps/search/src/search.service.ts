/** Names → hits: code queries, candidate retrieval by the engine, one shared scorer, fallback. */
import { Logger } from '@nestjs/common';
import { CODE_QUERY, codeOrPostcodeHits, prepareQuery, rankCandidates, type SearchAnswer, type SearchDocument, type SearchHit, type SearchPort, type SearchRequest, type ServiceStatus } from '@mc/contracts';
import type { EmbeddedEngine } from './engines/embedded-engine.js';
import type { SearchEngine } from './engines/search-engine.js';
import { searchFallbackCounter } from './metrics.js';

export class SearchService implements SearchPort {
  private readonly logger = new Logger('search');
  private readonly fallbacks = searchFallbackCounter();

  constructor(
    readonly datasetVersion: string,
    private readonly documents: readonly SearchDocument[],
    private readonly primary: SearchEngine,
    private readonly fallback: EmbeddedEngine,
  ) {}

  get engineName(): string {
    return this.primary.name;
  }

  async search(request: SearchRequest): Promise<SearchAnswer> {
    return { datasetVersion: this.datasetVersion, hits: await this.hits(request) };
  }

  async status(): Promise<ServiceStatus> {
    return { ready: true, datasetVersion: this.datasetVersion };
  }

  /** The hits alone, best first. */
  async hits({ q, levels, limit }: SearchRequest): Promise<SearchHit[]> {
    const levelSet = levels ? new Set(levels) : null;
    if (CODE_QUERY.test(q.trim())) return codeOrPostcodeHits(q, this.documents, levelSet, limit);
    const query = prepareQuery(q);
    if (query.folded === '') return [];
    let candidates: Iterable<SearchDocument>;
    try {
      candidates = await this.primary.candidates(query, levelSet);
    } catch (error) {
      if (this.primary === this.fallback) throw error;
      this.fallbacks.inc({ engine: this.primary.name });
      this.logger.warn(`${this.primary.name} failed (${error instanceof Error ? error.message : String(error)}); answered from the embedded engine`);
      candidates = await this.fallback.candidates(query);
    }
    return rankCandidates(query, candidates, levelSet, limit);
  }
}
