/** What cluster-mode services run in (`@mc/contracts/service`): kept apart so that the ETL and the rules load no NestJS or Redis client. */
export * from './build-follower.js';
export * from './service-app.js';
export * from './config.js';
export * from './metrics.js';
export { holdTickObjectShape } from './tick-shape.js';
