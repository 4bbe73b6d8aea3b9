/** The search service's internal API (docs/cluster.md). */
import { Controller, Get, Inject, Query } from '@nestjs/common';
import { INTERNAL_PREFIX, SEARCH, invalidQuery, isLevel, type Level, type SearchAnswer, type SearchPort, type ServiceStatus } from '@mc/contracts';

@Controller(INTERNAL_PREFIX)
export class SearchInternalController {
  constructor(@Inject(SEARCH) private readonly searchPort: SearchPort) {}

  /** `?q=…&limit=n[&levels=a,b]`, as the gateway validated them. */
  @Get('search')
  search(@Query() query: Record<string, unknown>): Promise<SearchAnswer> {
    const q = typeof query.q === 'string' ? query.q : undefined;
    const limit = Number(query.limit);
    const levels = typeof query.levels === 'string' ? query.levels.split(',') : null;
    if (q === undefined || !Number.isInteger(limit) || limit < 1 || (levels && !levels.every(isLevel))) throw invalidQuery('q, limit and levels must be as the gateway validated them');
    return this.searchPort.search({ q, limit, levels: levels as Level[] | null });
  }

  @Get('status')
  status(): Promise<ServiceStatus> {
    return this.searchPort.status();
  }
}
