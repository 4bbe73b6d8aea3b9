export { SearchModule, createSearchService, type MeiliOptions } from './search.module.js';
export { SearchService } from './search.service.js';
export { EmbeddedEngine } from './engines/embedded-engine.js';
export { MeiliEngine, type MeiliSearchClient } from './engines/meili-engine.js';
export type { SearchEngine } from './engines/search-engine.js';
export { searchServiceOf } from './search.module.js';
export { FollowedSearch } from './cluster/followed-search.js';
export { SearchInternalController } from './internal.controller.js';
