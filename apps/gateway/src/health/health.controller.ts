/** Liveness and readiness (architecture §5), through @nestjs/terminus. */
import { Controller, Get, Inject } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { CATALOG, type CatalogPort } from '@mc/contracts';

@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(CATALOG) private readonly catalog: CatalogPort,
  ) {}

  /** Alive: the process answers. */
  @Get('healthz')
  @HealthCheck()
  alive() {
    return this.health.check([]);
  }

  /** Ready: a dataset version is loaded and its version file is served. */
  @Get('readyz')
  @HealthCheck()
  ready() {
    return this.health.check([
      async () => {
        const session = this.indicators.check('dataset');
        const version = this.catalog.datasetVersion();
        return (await this.catalog.file('/api/version.json')) ? session.up({ version }) : session.down({ version });
      },
    ]);
  }
}
