/**
 * Query parameters of GET /api/communes (spec §4.4, reference-behaviour §6.1), declared with
 * class-validator. Values stay strings until validated: "digits only" is part of the rule.
 */
import { IsIn, IsOptional, IsString, Length, MinLength } from 'class-validator';
import { LIMITS, MAX_PAGE, invalidQuery } from '@mc/contracts';
import { IsWholeNumberIn, PAGE_MESSAGE, validateQuery } from '../params/validate-query.js';

export const MAX_POPULATION_BOUND = LIMITS.population.max;
export const LIST_PARAMS = ['region', 'province', 'cercle', 'type', 'min_population', 'max_population', 'sort', 'page', 'q'] as const;
export type ListParam = (typeof LIST_PARAMS)[number];

export class CommuneListParams {
  @IsOptional() @IsString() @MinLength(1, { message: 'region must be a région code or slug' })
  region?: string;

  @IsOptional() @IsString() @MinLength(1, { message: 'province must be a province or préfecture code or slug' })
  province?: string;

  @IsOptional() @IsString() @MinLength(1, { message: 'cercle must be a cercle code or slug' })
  cercle?: string;

  @IsOptional() @IsIn(['urban', 'rural'], { message: 'type must be urban or rural' })
  type?: 'urban' | 'rural';

  @IsOptional() @IsWholeNumberIn(0, MAX_POPULATION_BOUND, `min_population must be a whole number between 0 and ${MAX_POPULATION_BOUND}`)
  min_population?: string;

  @IsOptional() @IsWholeNumberIn(0, MAX_POPULATION_BOUND, `max_population must be a whole number between 0 and ${MAX_POPULATION_BOUND}`)
  max_population?: string;

  @IsOptional() @IsString() @MinLength(1, { message: 'sort must name a sort key, such as population or -population' })
  sort?: string;

  @IsOptional() @IsWholeNumberIn(1, MAX_PAGE, PAGE_MESSAGE)
  page?: string;

  @IsOptional() @IsString() @Length(LIMITS.q.min, LIMITS.q.max, { message: 'q must be 1 to 100 characters, not counting spaces around it' })
  q?: string;
}

/**
 * Validates a raw query object. A parameter given twice is refused (which one would win?);
 * `q` is trimmed first; `q` is exclusive with every other list parameter.
 */
export function parseCommuneListParams(query: Record<string, unknown>): CommuneListParams {
  // q is trimmed first, and is exclusive with every other list parameter.
  const trimmed = typeof query.q === 'string' ? { ...query, q: query.q.trim() } : query;
  if (trimmed.q !== undefined) {
    const others = LIST_PARAMS.filter((key) => key !== 'q' && trimmed[key] !== undefined);
    if (others.length > 0) throw invalidQuery(`q searches communes by name and can't be combined with ${others.join(', ')}`);
  }
  const params = validateQuery(CommuneListParams, trimmed, LIST_PARAMS);
  if (params.min_population !== undefined && params.max_population !== undefined && Number(params.min_population) > Number(params.max_population)) {
    throw invalidQuery("min_population can't be above max_population");
  }
  return params;
}
