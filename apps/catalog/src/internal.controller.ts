/** The catalog's internal API (docs/cluster.md): what the gateway's HTTP client asks. */
import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { CATALOG, INTERNAL_PREFIX, pathOfLookup, communeListFromQuery, douarListFromQuery, type CatalogPort, type ServiceStatus } from '@mc/contracts';
import { sendFileAnswer } from '@mc/contracts/service';
import type { FastifyReply, FastifyRequest } from 'fastify';

const one = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const strings = (query: Record<string, unknown>) => Object.fromEntries(Object.entries(query).map(([k, v]) => [k, one(v)]));

@Controller(INTERNAL_PREFIX)
export class CatalogInternalController {
  constructor(@Inject(CATALOG) private readonly catalog: CatalogPort) {}

  /** `/internal/v1/lookup/api/…[?page=n]`: a file or the one an alias route names (wire.ts lookupTarget). */
  @Get('lookup/*')
  async lookup(@Req() request: FastifyRequest, @Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    const page = typeof query.page === 'string' ? Number(query.page) : undefined;
    return sendFileAnswer(reply, await this.catalog.lookup({ path: pathOfLookup(request.url), ...(page === undefined ? {} : { page }) }));
  }

  @Get('communes')
  async communes(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    return sendFileAnswer(reply, await this.catalog.communes(communeListFromQuery(strings(query))));
  }

  @Get('douars')
  async douars(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    return sendFileAnswer(reply, await this.catalog.douars(douarListFromQuery(strings(query))));
  }

  @Get('status')
  status(): Promise<ServiceStatus> {
    return this.catalog.status();
  }
}
