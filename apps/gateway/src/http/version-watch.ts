/**
 * Cluster mode: the gateway asks each service its dataset version every `versionPollMs`, so
 * the response cache stops serving answers of a build the ETL has replaced (it would
 * otherwise learn of the new version only from an answer it did not have cached).
 */
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CATALOG, GEO, SEARCH, type CatalogPort, type GeoPort, type SearchPort } from '@mc/contracts';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options.js';
import { ResponseCache } from './response-cache.js';

@Injectable()
export class VersionWatch implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
    @Inject(CATALOG) private readonly catalog: CatalogPort,
    @Inject(SEARCH) private readonly search: SearchPort,
    @Inject(GEO) private readonly geo: GeoPort,
    private readonly cache: ResponseCache,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.options.versionPollMs) return;
    this.timer = setInterval(() => void this.poll(), this.options.versionPollMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async poll(): Promise<void> {
    const [catalog, search, geo] = await Promise.all([this.catalog.status(), this.search.status(), this.geo.status()]);
    this.cache.observe('catalog', catalog.datasetVersion);
    this.cache.observe('search', search.datasetVersion);
    this.cache.observe('geo', geo.datasetVersion);
  }
}
