export { GeoModule } from './geo.module.js';
export { GeoService } from './geo.service.js';
export { GeoIndex } from './geo-index.js';
