/** Point and radius look-ups: validated here, answered by the geo service in one call. */
import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { GEO, type GeoPort } from '@mc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResponseCache } from '../http/response-cache.js';
import { Responder } from '../http/responder.js';
import { NEAR_PARAMS, POINT_PARAMS, parseNear, parsePoint } from './geo-params.js';

@Controller()
export class GeoController {
  constructor(
    @Inject(GEO) private readonly geo: GeoPort,
    private readonly responder: Responder,
    private readonly cache: ResponseCache,
  ) {}

  /** The commune under a point: its own record, plus the arrondissement in the divided cities. */
  @Get('api/communes/at')
  async at(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Query() query: Record<string, unknown>) {
    const { lat, lng } = parsePoint(query);
    // The answer is the record under the point, whatever else the query says.
    const answer = await this.cache.through('geo', `at ${lat},${lng}`, () => this.geo.at(lat, lng));
    return this.responder.sendFile(request, reply, answer.file, { tier: 'computed', contentLocation: answer.file.path, reads: POINT_PARAMS });
  }

  @Get('api/communes/near')
  async near(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Query() query: Record<string, unknown>) {
    const params = parseNear(query);
    const answer = await this.cache.throughList('geo', request.url, `near ${JSON.stringify(params)}`, () => this.geo.near(params));
    return this.responder.sendFile(request, reply, answer.file, { tier: 'computed', reads: NEAR_PARAMS });
  }
}
