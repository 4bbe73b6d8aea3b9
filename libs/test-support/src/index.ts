export { MeiliDouble, type RecordedRequest } from './meili-double.js';
export { testBuildDir, scratchDir, DATASET_DIR } from './dataset.js';
