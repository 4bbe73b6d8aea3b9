import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { CATALOG, SEARCH, listEnvelope, type CatalogPort, type SearchPort } from '@mc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Responder } from '../http/responder.js';
import { parseSearchParams } from './search-params.js';

@Controller()
export class SearchController {
  constructor(
    @Inject(SEARCH) private readonly searchPort: SearchPort,
    @Inject(CATALOG) private readonly catalog: CatalogPort,
    private readonly responder: Responder,
  ) {}

  @Get('api/search')
  async search(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Query() query: Record<string, unknown>) {
    const hits = await this.searchPort.search(parseSearchParams(query));
    return this.responder.sendJson(request, reply, listEnvelope(hits, this.catalog.datasetVersion(), request.url), { tier: 'computed' });
  }
}
