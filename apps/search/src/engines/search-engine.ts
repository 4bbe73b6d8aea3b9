/** An engine retrieves candidate documents; the shared scorer ranks them. */
import type { Level, PreparedQuery, SearchDocument } from '@mc/contracts';

export interface SearchEngine {
  readonly name: 'embedded' | 'meilisearch';
  candidates(query: PreparedQuery, levels: ReadonlySet<Level> | null): Promise<Iterable<SearchDocument>>;
}
