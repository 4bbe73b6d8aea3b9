import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { CommuneListService } from './communes/commune-list.service.js';
import { GATEWAY_OPTIONS, type GatewayOptions } from './gateway-options.js';
import { HealthController, MetricsController } from '@mc/contracts/service';
import { gatewayHealthChecks } from './health/health-checks.js';
import { ProblemFilter } from './http/problem.filter.js';
import { ReadyAnswers } from './http/ready-answers.js';
import { Responder } from './http/responder.js';
import { ResponseCache } from './http/response-cache.js';
import { VersionWatch } from './http/version-watch.js';
import { ApiController } from './routes/api.controller.js';
import { SearchController } from './search/search.controller.js';
import { GeoController } from './geo/geo.controller.js';
import { DocsController } from './docs/docs.controller.js';


/**
 * The public door. `services` are modules that export the ports the gateway asks (CATALOG,
 * SEARCH, GEO):
 * the in-process modules in embedded mode, HTTP clients of them in cluster mode.
 */
@Module({})
export class GatewayModule {
  static forRoot(options: GatewayOptions & { services: NonNullable<ModuleMetadata['imports']>; readyAnswers?: ReadyAnswers }): DynamicModule {
    return {
      module: GatewayModule,
      imports: [TerminusModule.forRoot({ logger: false }), ...options.services],
      // Health first: the catch-all API route must not shadow /healthz and /readyz.
      controllers: [HealthController, ...(options.publicMetrics === false ? [] : [MetricsController]), DocsController, SearchController, GeoController, ApiController],
      providers: [
        { provide: GATEWAY_OPTIONS, useValue: { publicBaseUrl: options.publicBaseUrl, cacheFiles: options.cacheFiles, versionPollMs: options.versionPollMs } satisfies GatewayOptions },
        VersionWatch,
        { provide: APP_FILTER, useClass: ProblemFilter },
        gatewayHealthChecks,
        { provide: ReadyAnswers, useValue: options.readyAnswers ?? new ReadyAnswers() },
        Responder,
        ResponseCache,
        CommuneListService,
      ],
    };
  }
}
