/** The catalog's internal API (docs/cluster.md): what the gateway's HTTP client asks. */
import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { CATALOG, INTERNAL_PREFIX, communeListFromQuery, invalidQuery, type CatalogPort, type ServiceStatus } from '@mc/contracts';
import { sendFileAnswer } from '@mc/contracts/service';
import type { FastifyReply } from 'fastify';

const one = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

@Controller(INTERNAL_PREFIX)
export class CatalogInternalController {
  constructor(@Inject(CATALOG) private readonly catalog: CatalogPort) {}

  /** `?path=/api/…[&page=n]`: a static file or the file an alias route names. */
  @Get('lookup')
  async lookup(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    const path = one(query.path);
    if (!path?.startsWith('/')) throw invalidQuery('path must be an absolute /api path');
    const page = one(query.page);
    return sendFileAnswer(reply, await this.catalog.lookup({ path, ...(page === undefined ? {} : { page: Number(page) }) }));
  }

  /** A validated commune list request (wire.ts communeListToQuery). */
  @Get('communes')
  async communes(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    const strings = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, one(v)]));
    return sendFileAnswer(reply, await this.catalog.communes(communeListFromQuery(strings)));
  }

  @Get('status')
  status(): Promise<ServiceStatus> {
    return this.catalog.status();
  }
}
