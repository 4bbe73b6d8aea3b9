/** The public routes. Thin: each handler asks a service and hands the answer to the Responder. */
import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { CATALOG, notFound, type CatalogPort, type StaticFile } from '@mc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CommuneListService } from '../communes/commune-list.service.js';
import { Responder, prepareJson } from '../http/responder.js';
import { ResponseCache } from '../http/response-cache.js';
import { PageParams } from '../params/page-params.js';
import { validateQuery } from '../params/validate-query.js';
import { routeApiPath } from './path-router.js';
import { UnitFiles } from './unit-files.service.js';

/** The request path without its query, and without a trailing slash (`/api/regions/` is `/api/regions`). */
const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!.replace(/(.)\/+$/, '$1');

@Controller()
export class ApiController {
  constructor(
    @Inject(CATALOG) private readonly catalog: CatalogPort,
    private readonly communeLists: CommuneListService,
    private readonly unitFiles: UnitFiles,
    private readonly responder: Responder,
    private readonly cache: ResponseCache,
  ) {}

  @Get('api/communes')
  async communes(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Query() query: Record<string, unknown>) {
    const version = this.catalog.datasetVersion();
    const cached = this.cache.get(version, request.url);
    if (cached) return this.responder.sendFile(request, reply, cached, { tier: 'computed' });
    const answer = await this.communeLists.answer(query, request.url);
    if (answer.tier === 'alias') return this.alias(request, reply, answer.file);
    const prepared = prepareJson(request.url, answer.body);
    this.cache.set(version, request.url, prepared);
    return this.responder.sendFile(request, reply, prepared, { tier: 'computed' });
  }

  /** Static files first; otherwise the alias routes of reference-behaviour §2.4. */
  @Get('*')
  async any(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Query() query: Record<string, unknown>) {
    const path = pathOf(request);
    const file = await this.catalog.file(path);
    if (file) return this.responder.sendFile(request, reply, file);
    const route = routeApiPath(path);
    switch (route.kind) {
      case 'unit':
        return this.alias(request, reply, await this.unitFiles.unitFile(route.collection, route.id));
      case 'child':
        return this.alias(request, reply, await this.unitFiles.childFile(route.collection, route.id, route.child, route.file));
      case 'communes-of': {
        const { page } = validateQuery(PageParams, query, ['page']);
        return this.alias(request, reply, await this.unitFiles.communePageFile(route.collection, route.id, Number(page ?? 1)));
      }
      case 'bare':
        return this.alias(request, reply, await this.unitFiles.required(`/api/${route.name}.json`, `/api/${route.name} does not exist`));
      case 'missing-file':
        throw notFound(`${route.path} does not exist`);
      case 'not-an-endpoint':
        throw notFound(`${route.path} is not an endpoint of this API`);
    }
  }

  private alias(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
    return this.responder.sendFile(request, reply, file, { tier: 'alias', contentLocation: file.path });
  }
}
