import { Module, type DynamicModule } from '@nestjs/common';
import { DEFAULT_MEILI_INDEX, SEARCH, readSearchDocuments, type SearchDocumentsFile } from '@mc/contracts';
import { Meilisearch } from 'meilisearch';
import { EmbeddedEngine } from './engines/embedded-engine.js';
import { MeiliEngine } from './engines/meili-engine.js';
import { SearchService } from './search.service.js';

export interface MeiliOptions {
  url: string;
  apiKey?: string;
  indexUid?: string;
  /** Past this, a search falls back to the embedded engine. */
  timeoutMs?: number;
}

export function createSearchService(buildDir: string, meili?: MeiliOptions): SearchService {
  return searchServiceOf(readSearchDocuments(buildDir), meili);
}

/** A search service over one build's documents: Meilisearch when configured, else embedded. */
export function searchServiceOf({ datasetVersion, documents }: SearchDocumentsFile, meili?: MeiliOptions): SearchService {
  const embedded = new EmbeddedEngine(documents);
  if (!meili) return new SearchService(datasetVersion, documents, embedded, embedded);
  const client = new Meilisearch({ host: meili.url, apiKey: meili.apiKey, timeout: meili.timeoutMs ?? 1000 });
  return new SearchService(datasetVersion, documents, new MeiliEngine(client, meili.indexUid ?? DEFAULT_MEILI_INDEX, documents), embedded);
}

/** Provides the SEARCH port from a build folder: Meilisearch when configured, else embedded. */
@Module({})
export class SearchModule {
  static fromBuild(buildDir: string, meili?: MeiliOptions): DynamicModule {
    return {
      module: SearchModule,
      providers: [{ provide: SEARCH, useFactory: () => createSearchService(buildDir, meili) }],
      exports: [SEARCH],
    };
  }
}
