export { createGatewayApp, type GatewayAppOptions } from './app.js';
export { GatewayModule } from './gateway.module.js';
export { negotiateEncoding, etagFor, matchesIfNoneMatch } from './http/encoding.js';
export { Responder } from './http/responder.js';
export { ResponseCache } from './http/response-cache.js';
