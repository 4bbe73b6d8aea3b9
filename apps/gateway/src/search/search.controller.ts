import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { CATALOG, SEARCH, listEnvelope, type CatalogPort, type SearchPort } from '@mc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Responder } from '../http/responder.js';
import { ResponseCache } from '../http/response-cache.js';
import { parseSearchParams } from './search-params.js';

@Controller()
export class SearchController {
  constructor(
    @Inject(SEARCH) private readonly searchPort: SearchPort,
    @Inject(CATALOG) private readonly catalog: CatalogPort,
    private readonly responder: Responder,
    private readonly cache: ResponseCache,
  ) {}

  @Get('api/search')
  async search(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Query() query: Record<string, unknown>) {
    const version = this.catalog.datasetVersion();
    const prepared = await this.cache.getOrPrepare(version, request.url, request.url, async () =>
      listEnvelope(await this.searchPort.search(parseSearchParams(query)), version, request.url),
    );
    return this.responder.sendFile(request, reply, prepared, { tier: 'computed' });
  }
}
