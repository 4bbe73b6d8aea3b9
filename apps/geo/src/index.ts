export { GeoModule } from './geo.module.js';
export { GeoService } from './geo.service.js';
export { GeoIndex, haversineKm } from './geo-index.js';
