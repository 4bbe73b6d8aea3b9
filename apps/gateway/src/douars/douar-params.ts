/**
 * Query parameters of `GET /api/communes/{code}/douars` (issue 14), declared with
 * class-validator. Without any of them the route is the commune's static list; with one, the
 * catalog computes a filtered, sorted, paged list.
 */
import { IsIn, IsOptional, Matches } from 'class-validator';
import { DOUAR_LIST_PARAMS, DOUAR_SORT_KEYS, DOUAR_SORT_MESSAGE, LIMITS, MAX_PAGE, SETTLEMENT_TYPES, invalidQuery, parseDouarSort, type DouarListRequest } from '@mc/contracts';
import { IsWholeNumberIn, PAGE_MESSAGE, validateQuery } from '../params/validate-query.js';

const MAX_POPULATION = LIMITS.population.max;
const SORTS = DOUAR_SORT_KEYS.flatMap((key) => [key, `-${key}`]);

export class DouarListParams {
  @IsOptional() @IsIn(SORTS, { message: DOUAR_SORT_MESSAGE })
  sort?: string;

  @IsOptional() @IsIn(SETTLEMENT_TYPES, { message: `type must be ${SETTLEMENT_TYPES.join(', ').replace(/, (\w+)$/, ' or $1')}` })
  type?: string;

  @IsOptional() @Matches(/^\d{10}$/, { message: 'fraction must be a fraction code of 10 digits, such as 0510301201' })
  fraction?: string;

  @IsOptional() @IsWholeNumberIn(0, MAX_POPULATION, `min_population must be a whole number between 0 and ${MAX_POPULATION}`)
  min_population?: string;

  @IsOptional() @IsWholeNumberIn(0, MAX_POPULATION, `max_population must be a whole number between 0 and ${MAX_POPULATION}`)
  max_population?: string;

  @IsOptional() @IsWholeNumberIn(1, MAX_PAGE, PAGE_MESSAGE)
  page?: string;
}

/** Whether a douar list request asks for more than the whole static list. */
export function asksDouarList(query: Record<string, unknown>): boolean {
  return DOUAR_LIST_PARAMS.some((key) => query[key] !== undefined);
}

/** The validated list request of a commune as the client spelled it. */
export function douarListRequest(commune: string, query: Record<string, unknown>, url: string): DouarListRequest {
  const params = validateQuery(DouarListParams, query, DOUAR_LIST_PARAMS);
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  const minPopulation = number(params.min_population);
  const maxPopulation = number(params.max_population);
  if (minPopulation !== undefined && maxPopulation !== undefined && minPopulation > maxPopulation) throw invalidQuery("min_population can't be above max_population");
  return {
    commune,
    ...(params.type !== undefined ? { type: params.type as DouarListRequest['type'] } : {}),
    ...(params.fraction !== undefined ? { fraction: params.fraction } : {}),
    ...(minPopulation !== undefined ? { minPopulation } : {}),
    ...(maxPopulation !== undefined ? { maxPopulation } : {}),
    sort: parseDouarSort(params.sort),
    page: number(params.page) ?? 1,
    url,
  };
}
