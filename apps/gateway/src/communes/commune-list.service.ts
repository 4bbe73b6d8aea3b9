/** GET /api/communes: validate, then one question: search (`q`) or the catalog's list. */
import { Inject, Injectable } from '@nestjs/common';
import { CATALOG, LIMITS, SEARCH, parseSort, type CatalogPort, type FileAnswer, type SearchPort } from '@mc/contracts';
import { ResponseCache } from '../http/response-cache.js';
import { parseCommuneListParams } from './list-params.js';

/** `GET /api/communes?q=`: communes only, at most 10 (spec §4.4). */
export const COMMUNE_SEARCH_LIMIT = LIMITS.communeSearchLimit;

const asNumber = (value: string | undefined) => (value === undefined ? undefined : Number(value));

@Injectable()
export class CommuneListService {
  constructor(
    @Inject(CATALOG) private readonly catalog: CatalogPort,
    @Inject(SEARCH) private readonly search: SearchPort,
    private readonly cache: ResponseCache,
  ) {}

  async answer(query: Record<string, unknown>, url: string): Promise<FileAnswer> {
    const params = parseCommuneListParams(query);
    if (params.q !== undefined) {
      const q = params.q;
      return this.cache.throughList('search', url, `commune-search ${JSON.stringify(q)}`, () => this.search.search({ q, levels: ['commune'], limit: COMMUNE_SEARCH_LIMIT }));
    }
    const request = {
      region: params.region,
      province: params.province,
      cercle: params.cercle,
      type: params.type,
      minPopulation: asNumber(params.min_population),
      maxPopulation: asNumber(params.max_population),
      sort: parseSort(params.sort),
      page: asNumber(params.page) ?? 1,
      url,
    };
    // The same rows whatever the URL's spelling: parameter order, an unknown parameter.
    const content = JSON.stringify({ ...request, url: undefined });
    return this.cache.throughPage('catalog', url, `communes ${content}`, request.page, () => this.catalog.communes(request));
  }
}
