/** Commune lists are paged by 50 (spec §4.4); an empty list still has a page 1. */
import type { Envelope, Links } from './envelope.js';
import { LIMITS } from './limits.js';

export const PER_PAGE = LIMITS.perPage;
export const MAX_PAGE = LIMITS.page.max;

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PER_PAGE));
}

export function pageSlice<T>(rows: readonly T[], page: number): T[] {
  return rows.slice((page - 1) * PER_PAGE, page * PER_PAGE);
}

/** Page envelope; `linkTo(n)` spells the address of page n (a static file or a query string). */
export function pagedEnvelope<T>(
  rows: readonly T[],
  page: number,
  datasetVersion: string,
  linkTo: (page: number) => string,
  self: string = linkTo(page),
): Envelope<T[]> {
  return pageEnvelope(pageSlice(rows, page), rows.length, page, datasetVersion, linkTo, self);
}

/** The same envelope from one page's rows and the length of the whole list. */
export function pageEnvelope<T>(
  pageRows: T[],
  total: number,
  page: number,
  datasetVersion: string,
  linkTo: (page: number) => string,
  self: string = linkTo(page),
): Envelope<T[]> {
  const totalPages = pageCount(total);
  const links: Links = {
    self,
    prev: page > 1 ? linkTo(page - 1) : null,
    next: page < totalPages ? linkTo(page + 1) : null,
  };
  return {
    data: pageRows,
    meta: { datasetVersion, page, perPage: PER_PAGE, total, totalPages },
    links,
  };
}
