import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { SEARCH, type SearchPort } from '@mc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Responder } from '../http/responder.js';
import { ResponseCache } from '../http/response-cache.js';
import { SEARCH_PARAMS, parseSearchParams } from './search-params.js';

@Controller()
export class SearchController {
  constructor(
    @Inject(SEARCH) private readonly searchPort: SearchPort,
    private readonly responder: Responder,
    private readonly cache: ResponseCache,
  ) {}

  @Get('api/search')
  async search(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Query() query: Record<string, unknown>) {
    const params = parseSearchParams(query);
    const answer = await this.cache.throughList('search', request.url, `search ${JSON.stringify(params)}`, () => this.searchPort.search(params));
    return this.responder.sendFile(request, reply, answer.file, { tier: 'computed', reads: SEARCH_PARAMS });
  }
}
