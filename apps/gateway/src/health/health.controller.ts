/** Liveness and readiness (architecture §5), through @nestjs/terminus. */
import { Controller, Get, Inject } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { CATALOG, GEO, SEARCH, type CatalogPort, type GeoPort, type SearchPort, type ServiceStatus } from '@mc/contracts';

@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(CATALOG) private readonly catalog: CatalogPort,
    @Inject(SEARCH) private readonly search: SearchPort,
    @Inject(GEO) private readonly geo: GeoPort,
  ) {}

  /** Alive: the process answers. */
  @Get('healthz')
  @HealthCheck()
  alive() {
    return this.health.check([]);
  }

  /** Ready: each service has a dataset loaded and answers (503 otherwise, from terminus). */
  @Get('readyz')
  @HealthCheck()
  ready() {
    const check = (name: string, status: () => Promise<ServiceStatus>) => async () => {
      const session = this.indicators.check(name);
      const answer = await status().catch((error: Error): ServiceStatus => ({ ready: false, datasetVersion: null, detail: error.message }));
      const details = { version: answer.datasetVersion, ...(answer.detail ? { detail: answer.detail } : {}) };
      return answer.ready ? session.up(details) : session.down(details);
    };
    return this.health.check([check('catalog', () => this.catalog.status()), check('search', () => this.search.status()), check('geo', () => this.geo.status())]);
  }
}
