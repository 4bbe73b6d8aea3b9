/** GET /api/communes: validate, resolve filters, then alias to a page file or compute. */
import { Inject, Injectable } from '@nestjs/common';
import {
  CATALOG,
  LIMITS,
  SEARCH,
  listEnvelope,
  notFound,
  parseSort,
  type CatalogPort,
  type CommuneRow,
  type Envelope,
  type SearchHit,
  type SearchPort,
  type StaticFile,
} from '@mc/contracts';
import { UnitFiles } from '../routes/unit-files.service.js';
import { parseCommuneListParams } from './list-params.js';
import { planCommuneList, type ResolvedListFilters } from './list-plan.js';

export type CommuneListAnswer =
  | { tier: 'alias'; file: StaticFile }
  | { tier: 'computed'; body: Envelope<CommuneRow[] | SearchHit[]> };

/** `GET /api/communes?q=`: communes only, at most 10 (spec §4.4). */
export const COMMUNE_SEARCH_LIMIT = LIMITS.communeSearchLimit;

const asNumber = (value: string | undefined) => (value === undefined ? undefined : Number(value));

@Injectable()
export class CommuneListService {
  constructor(
    @Inject(CATALOG) private readonly catalog: CatalogPort,
    @Inject(SEARCH) private readonly search: SearchPort,
    private readonly units: UnitFiles,
  ) {}

  async answer(query: Record<string, unknown>, url: string): Promise<CommuneListAnswer> {
    const params = parseCommuneListParams(query);
    if (params.q !== undefined) {
      const hits = await this.search.search({ q: params.q, levels: ['commune'], limit: COMMUNE_SEARCH_LIMIT });
      return { tier: 'computed', body: listEnvelope(hits, this.catalog.datasetVersion(), url) };
    }
    const filters: ResolvedListFilters = {
      sort: parseSort(params.sort),
      page: asNumber(params.page) ?? 1,
      type: params.type,
      minPopulation: asNumber(params.min_population),
      maxPopulation: asNumber(params.max_population),
    };
    if (params.region !== undefined) filters.region = (await this.units.filterUnit('region', params.region)).code;
    if (params.province !== undefined) filters.province = (await this.units.filterUnit('province', params.province)).code;
    if (params.cercle !== undefined) filters.cercle = (await this.units.filterUnit('cercle', params.cercle)).code;

    const plan = planCommuneList(filters);
    if (plan.kind === 'alias') {
      const file = await this.catalog.file(plan.path);
      if (!file) throw notFound(`no page ${filters.page} for this filter`);
      return { tier: 'alias', file };
    }
    return { tier: 'computed', body: await this.catalog.listCommunes({ ...filters, url }) };
  }
}
