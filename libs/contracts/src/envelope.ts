/** The response envelope of spec §2.1. */
export interface Links {
  self: string;
  prev: string | null;
  next: string | null;
}

export interface Meta {
  datasetVersion: string;
  page?: number;
  perPage?: number;
  total?: number;
  totalPages?: number;
}

export interface Envelope<T> {
  data: T;
  meta: Meta;
  links: Links;
}

export function recordEnvelope<T>(data: T, datasetVersion: string, self: string): Envelope<T> {
  return { data, meta: { datasetVersion }, links: { self, prev: null, next: null } };
}

export function listEnvelope<T>(data: T[], datasetVersion: string, self: string): Envelope<T[]> {
  return { data, meta: { datasetVersion, total: data.length }, links: { self, prev: null, next: null } };
}
