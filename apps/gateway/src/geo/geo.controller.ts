import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { CATALOG, GEO, listEnvelope, notFound, unitPath, type CatalogPort, type CommuneRecord, type Envelope, type GeoPort } from '@mc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResponseCache } from '../http/response-cache.js';
import { Responder } from '../http/responder.js';
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
    const key = `at:${match.communeCode}:${match.arrondissement?.code ?? ''}`;
    const prepared = await this.cache.getOrPrepare(this.catalog.datasetVersion(), key, path, async () => {
      const file = await this.catalog.file(path);
      if (!file) throw notFound(`no commune boundary contains ${lat}, ${lng}`);
      const record = JSON.parse(file.body.toString('utf8')) as Envelope<CommuneRecord>;
      return { ...record, data: { ...record.data, arrondissement: match.arrondissement } };
    });
    return this.responder.sendFile(request, reply, prepared, { tier: 'computed', contentLocation: path });
  }

  @Get('api/communes/near')
  async near(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Query() query: Record<string, unknown>) {
    const version = this.catalog.datasetVersion();
    const prepared = await this.cache.getOrPrepare(version, request.url, request.url, async () =>
      listEnvelope(await this.geo.near(parseNear(query)), version, request.url),
    );
    return this.responder.sendFile(request, reply, prepared, { tier: 'computed' });
  }
}
