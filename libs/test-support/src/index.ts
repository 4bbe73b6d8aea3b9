export { MeiliDouble, type RecordedRequest } from './meili-double.js';
export { testBuildDir, DATASET_DIR } from './dataset.js';
