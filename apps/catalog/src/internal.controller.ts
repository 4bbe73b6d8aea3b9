/** The catalog's internal API (docs/cluster.md): what the gateway's HTTP client asks. */
import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { CATALOG, INTERNAL_PREFIX, pathOfLookup, communeListFromQuery, type CatalogPort, type ServiceStatus } from '@mc/contracts';
import { sendFileAnswer } from '@mc/contracts/service';
import type { FastifyReply, FastifyRequest } from 'fastify';

const one = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

@Controller(INTERNAL_PREFIX)
export class CatalogInternalController {
  constructor(@Inject(CATALOG) private readonly catalog: CatalogPort) {}

  /** `?path=/api/…[&page=n]`: a static file or the file an alias route names. */
  /** `/internal/v1/lookup/api/…[?page=n]`: a file or the one an alias route names (wire.ts lookupTarget). */
  @Get('lookup/*')
  async lookup(@Req() request: FastifyRequest, @Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    const page = typeof query.page === 'string' ? Number(query.page) : undefined;
    return sendFileAnswer(reply, await this.catalog.lookup({ path: pathOfLookup(request.url), ...(page === undefined ? {} : { page }) }));
  }

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
