/** RFC 9457 problem documents (spec §7). Titles are the contract's, word for word. */
import { trimTrailing } from './api-routes.js';
export const PROBLEM_KINDS = {
  'not-found': { status: 404, title: 'Resource not found' },
  'invalid-code': { status: 400, title: 'Malformed code or slug' },
  'invalid-query': { status: 400, title: 'Invalid query parameter' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  'internal-error': { status: 500, title: 'Internal error' },
  'not-implemented': { status: 501, title: 'Not implemented' },
  unavailable: { status: 503, title: 'Service unavailable' },
  // Requests the server can't read as HTTP at all (answered before any route).
  'bad-request': { status: 400, title: 'Bad request' },
  'request-timeout': { status: 408, title: 'Request timeout' },
  'headers-too-large': { status: 431, title: 'Request header fields too large' },
} as const;

export type ProblemKind = keyof typeof PROBLEM_KINDS;

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** Thrown by any rule; the gateway turns it into a problem document. */
export class ProblemError extends Error {
  constructor(
    readonly kind: ProblemKind,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'ProblemError';
  }

  get status(): number {
    return PROBLEM_KINDS[this.kind].status;
  }
}

export function problemDocument(kind: ProblemKind, detail: string, instance: string, baseUrl: string): ProblemDocument {
  const { status, title } = PROBLEM_KINDS[kind];
  return { type: `${trimTrailing(baseUrl, '/')}/docs/api/#${kind}`, title, status, detail: shortenEchoes(detail), instance };
}

/** A word of `detail` longer than this is an echo of the client's input, shortened. */
export const MAX_ECHOED_CHARS = 120;

const LONG_WORD = new RegExp(`\\S{${MAX_ECHOED_CHARS + 1},}`, 'g');

/**
 * `detail` with every word longer than MAX_ECHOED_CHARS cut in its middle: a detail quotes the
 * code, slug or path it could not use, and a 6,000-character slug would come back whole in it
 * (and again in `instance`, which names the request as sent). Its start and end still show
 * which input it was.
 */
export function shortenEchoes(detail: string): string {
  return detail.replace(LONG_WORD, (word) => `${word.slice(0, 80)}…${word.slice(-30)} (${word.length} characters)`);
}

export const notFound = (detail: string) => new ProblemError('not-found', detail);
export const invalidCode = (detail: string) => new ProblemError('invalid-code', detail);
export const invalidQuery = (detail: string) => new ProblemError('invalid-query', detail);
