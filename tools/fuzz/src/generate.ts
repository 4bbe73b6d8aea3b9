/**
 * Hostile but well-meant requests, generated from a seed: the same seed gives the same
 * requests, so a failure can be replayed. Pure: no I/O.
 */

/** A small, fast, seedable generator (mulberry32). */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FuzzRequest {
  method: string;
  /** The request target as sent (path and query), possibly not valid UTF-8 once decoded. */
  target: string;
  headers: Record<string, string>;
  /** Sent over a raw socket when the HTTP client would refuse it (odd methods, raw bytes). */
  raw?: Buffer;
}

const COLLECTIONS = ['regions', 'provinces', 'cercles', 'communes', 'arrondissements', 'douars', 'bananas', 'tiles', ''];
const IDS = [
  '01', '12', '00', '99', '01.511', '01.511.05', '01.511.01.0', '001511010', '1511010', '06.141.01.10', '04.281.05.11', '99.999.99.99',
  'tanger', 'casablanca', 'T%C3%A9touan', '%D8%B7%D9%86%D8%AC%D8%A9', 'ben-m-sick', 'tanger%00', 'tanger%23', 'tanger!!', '-1', '+1', '%2B1',
  '..', '%2e%2e', '..%2F..%2Fetc%2Fpasswd', '%2F', '%5C', '%ff', '%c0%ae', '%', '%zz', '__proto__', 'constructor', 'prototype', 'toString',
  '0510301201001', '0510301201999', '051030120100', '05103012010011', 'bni-boufrah', '01.051.03.01',
  '<script>', '%3Cscript%3E', "'%20OR%201=1", '${jndi:x}', '%0d%0aSet-Cookie:%20x', 'NaN', 'Infinity', '1e999', '0x10',
];
const CHILDREN = ['', 'indicators', 'economy', 'housing', 'boundary', 'neighbours', 'arrondissements', 'provinces', 'cercles', 'communes', 'douars', 'douars.json', 'postcodes', 'neighbourhoods', 'page', 'indicators.json', 'boundary.geojson', 'x.json', '..'];
const KEYS = ['q', 'levels', 'limit', 'lat', 'lng', 'radius', 'page', 'sort', 'region', 'province', 'cercle', 'type', 'min_population', 'max_population', 'fraction', '_', '__proto__', 'constructor[prototype][x]'];
const VALUES = [
  '', '0', '1', '-1', '2', '10', '50', '51', '100', '101', '10000', '10001', '9999999999999999999999', '1e309', '-1e309', 'NaN', 'Infinity', '0x1A', '1.5', '.5', '5.',
  '90', '-90', '90.0000001', '180', '-180.5', '35.786', '-5.8125', '33.59', '-7.6', 'tanger', 'fes', 'fès', 'Ktâma', 'l3ayoun', 'طنجة', 'sidi', 'urban', 'rural', 'city',
  'commune', 'commune,region', ',,,', 'code', '-population', 'labour.unemploymentRate', 'change.illiteracy.rate10Plus', 'economy.per1000.jobs', '2014.nope.x', 'a.b.c.d.e',
  '-distancesKm.healthCentre', 'distancesKm.primarySchool', 'shares.age.from60', 'distancesKm', 'grouped', 'split', '0510301201', '0510301201001', 'اجنانات', 'jnanat',
  '01', '01.511', '06.141.01.10', '%00', '%ff', '%2F', '%E2%80%AE', '%F0%9F%98%80', '<x>', "'", '"', '\\', '%0d%0a',
];
const ENCODINGS = ['br', 'gzip', 'identity', 'br;q=0, gzip;q=0', 'gzip ;q=1', '*', 'x-unknown', 'br;q=NaN', ''];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function longText(random: () => number): string {
  const unit = pick(random, ['a', '%41', '/', '.', 'é', '%', '%2F', '\u0600']);
  return unit.repeat(1 + Math.floor(random() * 3000));
}

function path(random: () => number): string {
  const roll = random();
  if (roll < 0.05) return `/api/${'/'.repeat(Math.floor(random() * 12000))}${pick(random, IDS)}`;
  if (roll < 0.1) return `/api/communes/${longText(random)}`;
  if (roll < 0.15) return pick(random, ['/', '/docs/api/', '/readyz', '/healthz', '/api', '/api/', '/api/openapi.json', '/api/version.json', '/api/tiles.json', '/api/tiles/3/557/396.json', '/%2e%2e/%2e%2e/etc/passwd', '/api/../../etc/passwd', '/data/v1/../../package.json', '/data/v1/indicators/fields.json']);
  if (roll < 0.25) return `/api/communes/${pick(random, ['at', 'near'])}`;
  const parts = ['/api', pick(random, COLLECTIONS), pick(random, IDS), pick(random, CHILDREN)].filter((p) => p !== '');
  if (random() < 0.1) parts.push(pick(random, ['page', '1.json', String(Math.floor(random() * 100000))]));
  return parts.join('/') + (random() < 0.1 ? pick(random, ['.json', '.geojson', '/', '//', '.JSON', '%2F']) : '');
}

function query(random: () => number): string {
  const count = random() < 0.3 ? 0 : 1 + Math.floor(random() * 5);
  const pairs: string[] = [];
  for (let i = 0; i < count; i++) {
    const key = pick(random, KEYS);
    const value = random() < 0.05 ? longText(random) : pick(random, VALUES);
    pairs.push(`${key}=${value}`);
    if (random() < 0.08) pairs.push(`${key}=${pick(random, VALUES)}`); // the same key twice
  }
  if (random() < 0.03) pairs.push('a'.repeat(1 + Math.floor(random() * 8000)));
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

/** Bytes an HTTP client would refuse to send, for a raw socket. */
function rawRequest(random: () => number, target: string): Buffer {
  const line = pick(random, [
    `FOO ${target} HTTP/1.1`, `get ${target} HTTP/1.1`, `GET ${target} HTTP/1.0`, `GET ${target} HTTP/9.9`, `GET http://example.org${target} HTTP/1.1`,
    `GET ${target}\u00e9 HTTP/1.1`, `GET  ${target} HTTP/1.1`, `GET ${target}`, 'GET', '\u0000\u0001\u0002', `BREW ${target} HTCPCP/1.0`,
  ]);
  const headers = pick(random, [
    'Host: x',
    'Host: evil.com"><x>',
    'Host:',
    `Host: x\r\nX-Long: ${'a'.repeat(20_000)}`,
    'Host: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked',
    'Host: x\r\nContent-Length: -1',
    'Host: x\r\nTransfer-Encoding: chunked, identity',
    'Host: x\r\nX-Injected: a\rb',
  ]);
  return Buffer.from(`${line}\r\n${headers}\r\nConnection: close\r\n\r\n`, 'latin1');
}

export function generateRequest(random: () => number): FuzzRequest {
  const target = path(random) + query(random);
  const headers: Record<string, string> = {};
  if (random() < 0.5) headers['accept-encoding'] = pick(random, ENCODINGS);
  if (random() < 0.1) headers['if-none-match'] = pick(random, ['*', '"x"', 'W/"y"', '"a", "b"', '', '"'.repeat(200)]);
  if (random() < 0.1) headers.host = pick(random, ['example.org', 'evil.com"><x>', 'a'.repeat(300), '[::1]:80', 'x:99999', '', 'x/y']);
  const roll = random();
  if (roll < 0.06) return { method: 'GET', target, headers, raw: rawRequest(random, target) };
  const method = roll < 0.8 ? 'GET' : pick(random, ['HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'CONNECT', 'PROPFIND', 'QUERY']);
  return { method, target, headers };
}
