export * from './etl.js';
export { checkDataset, EXPECTED_COUNTS } from './check.js';
export { readDataset, DatasetMissingError, parseCsv } from './read-dataset.js';
export { loadMeilisearch, type MeiliLoadOptions } from './meili-load.js';
export { formatCoverage, type Coverage } from './figures/coverage.js';
export { CensusCsvError, indicatorRecordsFromCsv, readCensusCsv, type CensusTable } from './figures/indicator-csv.js';
export { readFigures } from './figures/read-figures.js';
