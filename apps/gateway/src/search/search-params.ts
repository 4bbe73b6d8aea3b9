/** Parameters of GET /api/search (spec §4.1, reference-behaviour §4.1). */
import { IsDefined, IsOptional, IsString, Length } from 'class-validator';
import { LEVELS, LIMITS, invalidQuery, type Level } from '@mc/contracts';
import { IsWholeNumberIn, validateQuery } from '../params/validate-query.js';

export const DEFAULT_SEARCH_LIMIT = LIMITS.searchLimit.default;
export const MAX_SEARCH_LIMIT = LIMITS.searchLimit.max;
export const Q_MESSAGE = 'q is required: a name or a code, 1 to 100 characters not counting spaces around it';

/** The parameters GET /api/search reads. */
export const SEARCH_PARAMS = ['q', 'levels', 'limit'] as const;

export class SearchParams {
  @IsDefined({ message: Q_MESSAGE }) @IsString({ message: Q_MESSAGE }) @Length(LIMITS.q.min, LIMITS.q.max, { message: Q_MESSAGE })
  q!: string;

  @IsOptional() @IsString()
  levels?: string;

  @IsOptional() @IsWholeNumberIn(1, MAX_SEARCH_LIMIT, `limit must be a whole number between 1 and ${MAX_SEARCH_LIMIT}`)
  limit?: string;
}

/** Entries trimmed, empty ones ignored; an unknown name is refused; nothing left means every level. */
export function parseLevels(raw: string | undefined): Level[] | null {
  if (raw === undefined) return null;
  const names = raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const unknown = names.filter((n) => !(LEVELS as readonly string[]).includes(n));
  if (unknown.length > 0) throw invalidQuery(`unknown level(s): ${unknown.join(', ')}; levels are ${LEVELS.join(', ')}`);
  return names.length === 0 ? null : [...new Set(names as Level[])];
}

export function parseSearchParams(query: Record<string, unknown>): { q: string; levels: Level[] | null; limit: number } {
  const trimmed = typeof query.q === 'string' ? { ...query, q: query.q.trim() } : query;
  const params = validateQuery(SearchParams, trimmed, SEARCH_PARAMS);
  return { q: params.q, levels: parseLevels(params.levels), limit: params.limit === undefined ? DEFAULT_SEARCH_LIMIT : Number(params.limit) };
}
