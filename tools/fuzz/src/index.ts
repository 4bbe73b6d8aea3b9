export { fuzz, judge, type FuzzOptions, type FuzzReport } from './run.js';
export { generateRequest, randomSource, type FuzzRequest } from './generate.js';
