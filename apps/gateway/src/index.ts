export { createGatewayApp, type GatewayAppOptions } from './app.js';
export { GatewayModule } from './gateway.module.js';
export { routeApiPath } from './routes/path-router.js';
export { planCommuneList } from './communes/list-plan.js';
export { negotiateEncoding, etagFor, matchesIfNoneMatch } from './http/encoding.js';
