export { CatalogModule } from './catalog.module.js';
export { CatalogService } from './catalog.service.js';
export { BuildFolderStore } from './store/build-folder-store.js';
export type { DatasetStore } from './store/dataset-store.js';
export { filterCommunePage, filterCommunes, sortCommunes } from './lists/commune-list.js';
export { RedisStore, BuildNotLoadedError } from './store/redis-store.js';
export { FollowedCatalog } from './cluster/followed-catalog.js';
export { CatalogInternalController } from './internal.controller.js';
