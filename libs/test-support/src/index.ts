export { MeiliDouble, type RecordedRequest } from './meili-double.js';
export { testBuildDir, testBuildRoot, scratchDir, DATASET_DIR } from './dataset.js';
export { freePort } from './ports.js';
export { startRedis, type RedisServer } from './redis.js';
export { serverNodeFlags, startStack, type Stack, type StackOptions, type StackProcess } from './stack.js';
