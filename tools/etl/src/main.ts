/** `npm run etl [-- --force]`: builds the dataset named by DATASET_DIR into BUILD_DIR. */
import { DEFAULT_BUILD_ROOT, DEFAULT_DATASET_DIR, DatasetInvalidError, runEtl } from './etl.js';
import { DatasetMissingError } from './read-dataset.js';

const datasetDir = process.env.DATASET_DIR || DEFAULT_DATASET_DIR;
const buildRoot = process.env.BUILD_DIR || DEFAULT_BUILD_ROOT;
try {
  runEtl({ datasetDir, buildRoot, force: process.argv.includes('--force'), log: (line) => console.log(line) });
} catch (error) {
  if (error instanceof DatasetMissingError || error instanceof DatasetInvalidError) {
    console.error(`etl: ${error.message}`);
    if (error instanceof DatasetMissingError && !process.env.DATASET_DIR) {
      console.error(`etl: DATASET_DIR is not set, so ${DEFAULT_DATASET_DIR} was used`);
    }
    process.exit(1);
  }
  throw error;
}
