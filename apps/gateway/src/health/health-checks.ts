/** The gateway's readiness: each service it asks has a dataset and answers (architecture §5). */
import { CATALOG, GEO, SEARCH, type CatalogPort, type GeoPort, type SearchPort } from '@mc/contracts';
import { HEALTH_CHECKS, type HealthChecks } from '@mc/contracts/service';
import type { Provider } from '@nestjs/common';

export const gatewayHealthChecks: Provider = {
  provide: HEALTH_CHECKS,
  inject: [CATALOG, SEARCH, GEO],
  useFactory: (catalog: CatalogPort, search: SearchPort, geo: GeoPort): HealthChecks => ({
    catalog: () => catalog.status(),
    search: () => search.status(),
    geo: () => geo.status(),
  }),
};
