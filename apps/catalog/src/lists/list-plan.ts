/**
 * Alias or computed (reference-behaviour §6.2): a commune list is a static page file when at
 * most one of region, province, cercle, type is given, the order is the default one and no
 * population bound applies. Anything else is computed. Pure.
 */
import { communePagePath, communeTypePagePath, type CommuneListQuery } from '@mc/contracts';

/** A list query with its filters resolved to dotted codes; the URL is not needed to plan. */
export type ResolvedListFilters = Omit<CommuneListQuery, 'url'>;

export type ListPlan = { kind: 'alias'; path: string } | { kind: 'computed' };

export function planCommuneList(filters: ResolvedListFilters): ListPlan {
  const { region, province, cercle, type, minPopulation, maxPopulation, sort, page } = filters;
  const defaultOrder = sort.key === 'code' && !sort.descending;
  const given = [region, province, cercle, type].filter((v) => v !== undefined).length;
  if (!defaultOrder || given > 1 || minPopulation !== undefined || maxPopulation !== undefined) return { kind: 'computed' };
  if (region !== undefined) return { kind: 'alias', path: communePagePath({ level: 'region', code: region }, page) };
  if (province !== undefined) return { kind: 'alias', path: communePagePath({ level: 'province', code: province }, page) };
  if (cercle !== undefined) return { kind: 'alias', path: communePagePath({ level: 'cercle', code: cercle }, page) };
  if (type !== undefined) return { kind: 'alias', path: communeTypePagePath(type, page) };
  return { kind: 'alias', path: communePagePath(null, page) };
}
