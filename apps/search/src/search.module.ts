import { Module, type DynamicModule } from '@nestjs/common';
import { DEFAULT_MEILI_INDEX, SEARCH, readSearchDocuments, sharedManifest, type SearchAnswer, type SearchDocumentsFile, type SearchPort, type SearchRequest, type ServiceStatus } from '@mc/contracts';
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

/**
 * A build folder's search, read at the first search rather than at start (embedded mode): the
 * documents with their named places and the postings are a few MB a start need not hold.
 */
export class BuildFolderSearch implements SearchPort {
  private service?: SearchService;
  readonly datasetVersion: string;

  constructor(
    private readonly buildDir: string,
    private readonly meili?: MeiliOptions,
  ) {
    this.datasetVersion = sharedManifest(buildDir).datasetVersion;
  }

  search(request: SearchRequest): Promise<SearchAnswer> {
    this.service ??= createSearchService(this.buildDir, this.meili);
    return this.service.search(request);
  }

  async status(): Promise<ServiceStatus> {
    return { ready: true, datasetVersion: this.datasetVersion };
  }
}

/** Provides the SEARCH port from a build folder: Meilisearch when configured, else embedded. */
@Module({})
export class SearchModule {
  static fromBuild(buildDir: string, meili?: MeiliOptions): DynamicModule {
    return {
      module: SearchModule,
      providers: [{ provide: SEARCH, useFactory: () => new BuildFolderSearch(buildDir, meili) }],
      exports: [SEARCH],
    };
  }
}
