export { GeoModule } from './geo.module.js';
export { GeoService, readGeoData, type GeoData } from './geo.service.js';
export { GeoIndex } from './geo-index.js';
export { FollowedGeo, readGeoDataFromRedis } from './cluster/followed-geo.js';
export { GeoInternalController } from './internal.controller.js';
