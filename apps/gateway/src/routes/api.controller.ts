/**
 * The public routes that answer files: every static file and alias route, and the commune
 * list. Thin: the path is routed (pure), its parameters validated, then one service is asked
 * one question and its prepared answer sent.
 */
import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { CATALOG, DOUAR_LIST_PARAMS, GEO, requestPath, routeApiPath, serviceOfPath, type CatalogPort, type FileAnswer, type GeoPort } from '@mc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CommuneListService } from '../communes/commune-list.service.js';
import { LIST_PARAMS } from '../communes/list-params.js';
import { asksDouarList, douarListRequest } from '../douars/douar-params.js';
import { Responder } from '../http/responder.js';
import { ResponseCache } from '../http/response-cache.js';
import { PageParams } from '../params/page-params.js';
import { validateQuery } from '../params/validate-query.js';

/** A look-up that reads its page, or nothing. */
const PAGE_READS = ['page'] as const;
const NO_READS = [] as const;

@Controller()
export class ApiController {
  constructor(
    @Inject(CATALOG) private readonly catalog: CatalogPort,
    @Inject(GEO) private readonly geo: GeoPort,
    private readonly communeLists: CommuneListService,
    private readonly responder: Responder,
    private readonly cache: ResponseCache,
  ) {}

  @Get('api/communes')
  async communes(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Query() query: Record<string, unknown>) {
    return this.send(request, reply, await this.communeLists.answer(query, request.url), LIST_PARAMS);
  }

  /** Static files first; otherwise the alias routes of reference-behaviour §2.4, and a commune's douars filtered, sorted or paged. */
  @Get('*')
  async any(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Query() query: Record<string, unknown>) {
    const path = requestPath(request.url);
    const route = routeApiPath(path);
    const douars = route.kind === 'child' && route.child === 'douars';
    if (douars && asksDouarList(query)) {
      const list = douarListRequest(route.id, query, request.url);
      const content = `douars ${JSON.stringify({ ...list, url: undefined })}`;
      return this.send(request, reply, await this.cache.throughPage('catalog', request.url, content, list.page, () => this.catalog.douars(list)), DOUAR_LIST_PARAMS);
    }
    const page = route.kind === 'communes-of' ? validateQuery(PageParams, query, ['page']).page : undefined;
    const name = serviceOfPath(path, route);
    const service = name === 'geo' ? this.geo : this.catalog;
    // A look-up's answer is a function of its path and page alone (a static file ignores its
    // query, a record's links name its path): every query string shares one kept answer.
    const key = page === undefined ? `lookup ${path}` : `lookup ${path} page=${Number(page)}`;
    const answer = await this.cache.through(name, key, () => service.lookup({ path, ...(page === undefined ? {} : { page: Number(page) }) }));
    // A commune's douars read the list parameters even when none is given: with one, they are a list.
    return this.send(request, reply, answer, douars ? DOUAR_LIST_PARAMS : route.kind === 'communes-of' ? PAGE_READS : NO_READS);
  }

  /** `reads`: the parameters the route read, whose values alone (with the path) make the answer. */
  private send(request: FastifyRequest, reply: FastifyReply, answer: FileAnswer, reads: readonly string[]) {
    if (answer.tier === 'static') return this.responder.sendFile(request, reply, answer.file, { reads });
    if (answer.tier === 'alias') return this.responder.sendFile(request, reply, answer.file, { tier: 'alias', contentLocation: answer.file.path, reads });
    return this.responder.sendFile(request, reply, answer.file, { tier: 'computed', reads });
  }
}
