/** Content negotiation for compression (RFC 9110 §12.5.3): pure, tested without HTTP. */
export type Coding = 'br' | 'gzip' | 'identity';

/** The best coding the client accepts, preferring brotli, then gzip; q=0 refuses one. */
export function negotiateEncoding(acceptEncoding: string | undefined): Coding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [raw, ...params] = part.toLowerCase().split(';');
    const token = raw!.trim(); // "gzip ;q=1" names gzip
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0 && weightOf('br') >= weightOf('gzip')) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return 'identity';
}

/** Each representation has its own strong validator: the coding rides inside the quotes. */
export function etagFor(identityEtag: string, coding: Coding): string {
  return coding === 'identity' ? identityEtag : `${identityEtag.slice(0, -1)}-${coding}"`;
}

/** If-None-Match (weak comparison, RFC 9110 §13.1.2): any listed tag, or `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}
