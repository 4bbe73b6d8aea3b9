import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { CATALOG, GEO, listEnvelope, notFound, unitPath, type CatalogPort, type CommuneRecord, type Envelope, type GeoPort } from '@mc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResponseCache } from '../http/response-cache.js';
import { Responder, prepareJson } from '../http/responder.js';
import { parseNear, parsePoint } from './geo-params.js';

@Controller()
export class GeoController {
  constructor(
    @Inject(GEO) private readonly geo: GeoPort,
    @Inject(CATALOG) private readonly catalog: CatalogPort,
    private readonly responder: Responder,
    private readonly cache: ResponseCache,
  ) {}

  /** The commune under a point: its own record, plus the arrondissement in the divided cities. */
  @Get('api/communes/at')
  async at(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Query() query: Record<string, unknown>) {
    const { lat, lng } = parsePoint(query);
    const match = await this.geo.at(lat, lng);
    if (!match) throw notFound(`no commune boundary contains ${lat}, ${lng}`);
    const path = unitPath('commune', match.communeCode);
    // There are only as many answers as communes and arrondissements: each is prepared once.
    const version = this.catalog.datasetVersion();
    const key = `at:${match.communeCode}:${match.arrondissement?.code ?? ''}`;
    let prepared = this.cache.get(version, key);
    if (!prepared) {
      const file = await this.catalog.file(path);
      if (!file) throw notFound(`no commune boundary contains ${lat}, ${lng}`);
      const record = JSON.parse(file.body.toString('utf8')) as Envelope<CommuneRecord>;
      prepared = prepareJson(path, { ...record, data: { ...record.data, arrondissement: match.arrondissement } });
      this.cache.set(version, key, prepared);
    }
    return this.responder.sendFile(request, reply, prepared, { tier: 'computed', contentLocation: path });
  }

  @Get('api/communes/near')
  async near(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Query() query: Record<string, unknown>) {
    const version = this.catalog.datasetVersion();
    let prepared = this.cache.get(version, request.url);
    if (!prepared) {
      const hits = await this.geo.near(parseNear(query));
      prepared = prepareJson(request.url, listEnvelope(hits, version, request.url));
      this.cache.set(version, request.url, prepared);
    }
    return this.responder.sendFile(request, reply, prepared, { tier: 'computed' });
  }
}
