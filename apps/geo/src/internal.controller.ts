/** The geo service's internal API (docs/cluster.md). */
import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { GEO, INTERNAL_PREFIX, pathOfLookup, invalidQuery, type GeoPort, type NearAnswer, type ServiceStatus } from '@mc/contracts';
import { sendFileAnswer } from '@mc/contracts/service';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A finite number from the query, as the gateway validated it. */
function numberOf(query: Record<string, unknown>, name: string): number {
  const value = typeof query[name] === 'string' ? Number(query[name]) : NaN;
  if (!Number.isFinite(value)) throw invalidQuery(`${name} must be a number`);
  return value;
}

@Controller(INTERNAL_PREFIX)
export class GeoInternalController {
  constructor(@Inject(GEO) private readonly geo: GeoPort) {}

  @Get('at')
  async at(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    return sendFileAnswer(reply, await this.geo.at(numberOf(query, 'lat'), numberOf(query, 'lng')));
  }

  @Get('near')
  near(@Query() query: Record<string, unknown>): Promise<NearAnswer> {
    return this.geo.near({ lat: numberOf(query, 'lat'), lng: numberOf(query, 'lng'), radiusKm: numberOf(query, 'radiusKm'), limit: numberOf(query, 'limit') });
  }

  /** `?path=/api/…`: a geometry file or the one an alias route names. */
  /** `/internal/v1/lookup/api/…[?page=n]`: a geometry file or the one an alias route names (wire.ts lookupTarget). */
  @Get('lookup/*')
  async lookup(@Req() request: FastifyRequest, @Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    const page = typeof query.page === 'string' ? Number(query.page) : undefined;
    return sendFileAnswer(reply, await this.geo.lookup({ path: pathOfLookup(request.url), ...(page === undefined ? {} : { page }) }));
  }

  @Get('status')
  status(): Promise<ServiceStatus> {
    return this.geo.status();
  }
}
