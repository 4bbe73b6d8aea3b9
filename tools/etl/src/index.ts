export * from './etl.js';
export { checkDataset, EXPECTED_COUNTS } from './check.js';
export { readDataset, DatasetMissingError, parseCsv } from './read-dataset.js';
export { loadMeilisearch, type MeiliLoadOptions } from './meili-load.js';
