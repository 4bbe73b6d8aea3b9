export { GeoModule } from './geo.module.js';
export { GeoService, readGeoData, type GeoData } from './geo.service.js';
export { GeoIndex } from './geo-index.js';
