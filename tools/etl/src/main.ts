/**
 * `npm run etl [-- --force]`: builds the dataset named by DATASET_DIR into BUILD_DIR, then,
 * when MEILI_URL is set, loads its search documents into Meilisearch.
 */
import { DEFAULT_MEILI_INDEX, readSearchDocuments } from '@mc/contracts';
import { DEFAULT_BUILD_ROOT, DEFAULT_DATASET_DIR, DatasetInvalidError, runEtl } from './etl.js';
import { loadMeilisearch } from './meili-load.js';
import { DatasetMissingError } from './read-dataset.js';

const datasetDir = process.env.DATASET_DIR || DEFAULT_DATASET_DIR;
const buildRoot = process.env.BUILD_DIR || DEFAULT_BUILD_ROOT;
const force = process.argv.includes('--force');
const log = (line: string) => console.log(line);
try {
  const build = runEtl({ datasetDir, buildRoot, force, log });
  if (process.env.MEILI_URL) {
    const file = readSearchDocuments(build.dir);
    await loadMeilisearch(file, { url: process.env.MEILI_URL, apiKey: process.env.MEILI_API_KEY, indexUid: process.env.MEILI_INDEX || DEFAULT_MEILI_INDEX, force, log });
  }
} catch (error) {
  // Every failure is a readable message and a non-zero exit; nothing was left half-written.
  console.error(`etl: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof DatasetMissingError && !process.env.DATASET_DIR) console.error(`etl: DATASET_DIR is not set, so ${DEFAULT_DATASET_DIR} was used`);
  if (!(error instanceof DatasetMissingError || error instanceof DatasetInvalidError) && process.env.DEBUG) console.error(error);
  process.exit(1);
}
