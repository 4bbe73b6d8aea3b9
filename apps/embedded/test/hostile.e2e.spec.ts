/**
 * What a hostile but fair client sends (issue 10): junk spellings, odd methods and bodies,
 * a forged Host, requests Node's parser refuses, paths built to make a regular expression
 * backtrack. Every answer is a problem document of the right status; none is a 5xx.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startApp, useApp } from './support.js';

const ctx = useApp();

/** Sends raw bytes, returns the status line and the body of the answer. */
function raw(port: number, bytes: Buffer | string): Promise<{ statusLine: string; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer in 5 s')));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      resolve({ statusLine: text.slice(0, text.indexOf('\r\n')), headers: text.slice(0, split), body: text.slice(split + 4) });
    });
  });
}

describe('junk spellings', () => {
  it('are malformed codes, not the unit their folded slug would name', async () => {
    for (const path of ['/api/communes/tanger%00', '/api/communes/tanger%23', '/api/communes/tanger!!', '/api/communes/-1511010', '/api/regions/+01', '/api/communes/tanger%0A/indicators']) {
      await ctx.expectProblem(path, 400, 'invalid-code', /can't be read as a code or a slug/);
    }
    for (const query of ['region=-1', 'region=%2B1', 'region=1%00', 'province=01.511!']) {
      await ctx.expectProblem(`/api/communes?${query}`, 400, 'invalid-code', /is not a geographic code or a slug/);
    }
    await ctx.expectProblem('/api/regions%2F01', 404, 'not-found', /is not an endpoint of this API/);
    // The real spellings still answer.
    for (const path of ['/api/communes/tanger', '/api/communes/T%C3%A9touan', '/api/communes/1511010', '/api/arrondissements/ben-m-sick']) await ctx.get(path).expect(200);
  });
});

describe('methods and bodies', () => {
  it('refuses every method but GET, HEAD and OPTIONS with 405 and Allow, without reading the body', async () => {
    const server = ctx.app().getHttpServer();
    const { default: request } = await import('supertest');
    const proto = await request(server).post('/api/regions.json').set('content-type', 'application/json').send('{"__proto__":{"polluted":true}}');
    assert.equal(proto.status, 405);
    assert.equal(proto.headers.allow, 'GET, HEAD, OPTIONS');
    assert.match(proto.headers['content-type']!, /^application\/problem\+json/);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    const big = await request(server).put('/api/regions.json').set('content-type', 'application/octet-stream').send(Buffer.alloc(2 * 1024 * 1024));
    assert.equal(big.status, 405, 'a 2 MB body is refused for its method, not parsed');
    assert.equal((await request(server).delete('/api/nothing')).status, 405);
  });
});

describe('requests the HTTP parser refuses', () => {
  let port = 0;
  before(async () => {
    await ctx.app().listen(0, '127.0.0.1');
    port = (ctx.app().getHttpServer().address() as AddressInfo).port;
  });

  const cases: Array<[string, string | Buffer, RegExp, string]> = [
    ['an unknown method token', 'FOO /api/regions.json HTTP/1.1\r\nHost: x\r\n\r\n', /^HTTP\/1\.1 405 /, 'method-not-allowed'],
    ['a lower-case method', 'get /api/regions.json HTTP/1.1\r\nHost: x\r\n\r\n', /^HTTP\/1\.1 405 /, 'method-not-allowed'],
    ['Content-Length beside Transfer-Encoding', 'POST /api/x HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', /^HTTP\/1\.1 400 /, 'bad-request'],
    ['headers over 16 KB', `GET /api/regions.json HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, /^HTTP\/1\.1 431 /, 'headers-too-large'],
    ['raw non-ASCII bytes in the request line', Buffer.from('GET /api/r\u00e9gions HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1'), /^HTTP\/1\.1 400 /, 'bad-request'],
  ];
  for (const [what, bytes, status, kind] of cases) {
    it(`answers ${what} with a problem document`, async () => {
      const answer = await raw(port, bytes);
      assert.match(answer.statusLine, status, answer.statusLine);
      assert.match(answer.headers, /content-type: application\/problem\+json/i);
      const problem = JSON.parse(answer.body);
      assert.equal(problem.type.endsWith(`#${kind}`), true, problem.type);
      assert.equal(typeof problem.detail, 'string');
    });
  }

  it('reads an absolute-form request target as its path', async () => {
    const answer = await raw(port, 'GET http://example.org/api/nope HTTP/1.1\r\nHost: example.org\r\nConnection: close\r\n\r\n');
    assert.match(answer.statusLine, /^HTTP\/1\.1 404 /);
    assert.equal(JSON.parse(answer.body).instance, '/api/nope');
    const found = await raw(port, 'GET http://example.org/api/regions.json HTTP/1.1\r\nHost: example.org\r\nConnection: close\r\n\r\n');
    assert.match(found.statusLine, /^HTTP\/1\.1 200 /);
  });

  it('answers paths of 15,000 slashes (the most a request line holds) as any other path', async () => {
    await ctx.expectProblem(`/api/${'/'.repeat(15_000)}x`, 404, 'not-found');
    await ctx.get(`/api/regions${'/'.repeat(15_000)}`).expect(200);
    // Past 16 KB of request line and headers, the parser's own limit answers.
    assert.match((await raw(port, `GET /api/${'/'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)).statusLine, /^HTTP\/1\.1 431 /);
  });
});

describe('without PUBLIC_BASE_URL', () => {
  let bare: { app: NestFastifyApplication; get: (path: string) => import('supertest').Test };
  before(async () => {
    bare = await startApp({ publicBaseUrl: null, metricsPort: 0 });
  });
  after(() => bare.app.close());

  it('links problem types to the Host it was asked under only when that Host is a plain name', async () => {
    const typeOf = async (host: string) => (await bare.get('/api/nope').set('Host', host)).body.type as string;
    assert.equal(await typeOf('example.org:8080'), 'http://example.org:8080/docs/api/#not-found');
    assert.equal(await typeOf('[::1]:3000'), 'http://[::1]:3000/docs/api/#not-found');
    assert.equal(await typeOf('evil.com"><x>'), '/docs/api/#not-found');
    assert.equal(await typeOf('evil.com/path'), '/docs/api/#not-found');
    assert.equal(await typeOf(''), '/docs/api/#not-found');
  });

  it('with METRICS_PORT, serves /metrics there and not on the public port', async () => {
    const res = await bare.get('/metrics');
    assert.equal(res.status, 404);
    assert.match(res.headers['content-type']!, /^application\/problem\+json/);
    const { serveMetrics } = await import('@mc/contracts/service');
    const metrics = await serveMetrics(0, '127.0.0.1');
    try {
      const text = await (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text();
      assert.match(text, /^process_resident_memory_bytes \d+/m);
      assert.equal((await fetch(`http://127.0.0.1:${metrics.port}/api/regions.json`)).status, 404);
    } finally {
      await metrics.close();
    }
  });
});

describe('compressed bodies', () => {
  it('of files are kept apart from those of computed answers, which cannot evict them', async () => {
    const { Responder } = await import('@mc/gateway');
    const responder = ctx.app().get(Responder);
    const boundary = await ctx.get('/api/regions/12/boundary.geojson').set('Accept-Encoding', 'br').expect(200);
    assert.equal(boundary.headers['content-encoding'], 'br');
    const kept = responder.fileCodings.size;
    assert.ok(kept > 1000, `${kept} bytes of compressed files`);
    // Many different computed answers: pages (their heads compressed once for every URL of
    // the same rows) and searches, each asked twice (a computed coding is kept on second sight).
    for (let i = 0; i < 150; i++) {
      await ctx.get(`/api/communes?sort=-density&page=${1 + (i % 30)}&_=${i}`).set('Accept-Encoding', 'br').expect(200);
      await ctx.get(`/api/search?q=sidi&limit=50&_=${i % 75}`).set('Accept-Encoding', 'br').expect(200);
    }
    // Every computed page is compressed as a head kept apart: none went to the files' cache.
    assert.ok(responder.computedHeads.size > 100_000, `${responder.computedHeads.size} bytes of compressed heads`);
    assert.equal(responder.fileCodings.size, kept);
  });
});

describe('answers kept under what makes them', () => {
  it('share one kept look-up between query strings that do not change it: a douar, the commune under a point', async () => {
    const { ResponseCache } = await import('@mc/gateway');
    const cache = ctx.app().get(ResponseCache);
    for (const url of ['/api/douars/0510301201001?utm_source=a', '/api/douars/0510301201001?utm_source=a', '/api/douars/0510301201001?x=1']) {
      const res = await ctx.get(url).expect(200);
      assert.equal(res.body.data.code, '0510301201001');
      assert.equal(res.body.links.self, '/api/douars/0510301201001');
    }
    assert.equal(cache.get('1.10.0', 'lookup /api/douars/0510301201001')?.file.path, '/api/douars/0510301201001');
    for (const url of ['/api/communes/at?lat=35.786&lng=-5.8125', '/api/communes/at?lng=-5.8125&lat=35.786']) await ctx.get(url).expect(200);
    assert.equal(cache.get('1.10.0', 'at 35.786,-5.8125')?.file.path, '/api/communes/01.511.01.0.json');
  });
});
