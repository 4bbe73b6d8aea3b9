// A repeated request is answered from the answers kept ready to write, before Fastify and
// Nest (issue 12). It must be the same answer the whole pipeline gave, byte for byte and
// header for header, in every coding, to HEAD and to If-None-Match.
import assert from 'node:assert/strict';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startApp } from './support.js';

let app: NestFastifyApplication;
let port: number;

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request over node:http: the body as sent (compressed), no header added but these. */
function send(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
const withoutDate = (headers: IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'date'));

async function readyHits(): Promise<number> {
  const text = (await send('/metrics')).body.toString();
  return Number(/^mc_ready_answers_total (\d+)$/m.exec(text)?.[1] ?? 0);
}

const PATHS = [
  '/api/communes/01.511.01.0.json',
  '/api/communes/page/1.json',
  '/api/communes/tanger',
  '/api/regions/01/communes?page=2',
  '/api/communes?province=01.511&type=urban',
  '/api/communes?sort=-density&page=3',
  '/api/search?q=sidi&limit=10',
  '/api/communes/at?lat=35.786&lng=-5.8125',
  '/api/communes/near?lat=34.02&lng=-6.83&radius=20',
  '/api/communes/tanger/boundary',
  '/api/version.json',
];
const CODINGS: Record<string, string>[] = [{ 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip' }, {}];

describe('answers kept ready to write', () => {
  before(async () => {
    ({ app } = await startApp());
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
  });
  after(() => app.close());

  it('a repeated request gets the pipeline’s answer again, byte for byte, in each coding, from the ready answers', async () => {
    const hits = await readyHits();
    for (const path of PATHS) {
      for (const coding of CODINGS) {
        // Kept the second time it is asked (once is not enough), served from the third.
        const first = await send(path, coding);
        assert.equal(first.status, 200, `${path} ${JSON.stringify(coding)}`);
        assert.deepEqual(withoutDate((await send(path, coding)).headers), withoutDate(first.headers));
        const again = await send(path, coding);
        assert.equal(again.status, 200);
        assert.deepEqual(withoutDate(again.headers), withoutDate(first.headers), path);
        assert.ok(again.body.equals(first.body), `${path}: same bytes`);
      }
    }
    assert.equal((await readyHits()) - hits, PATHS.length * CODINGS.length);
  });

  it('the codings are told apart, and each answer is the one its client can read', async () => {
    const br = await send('/api/communes/page/1.json', { 'accept-encoding': 'br' });
    const gzip = await send('/api/communes/page/1.json', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    const identity = await send('/api/communes/page/1.json', { 'accept-encoding': 'identity' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(identity.headers['content-encoding'], undefined);
    assert.equal(JSON.parse(identity.body.toString()).data.length, 50);
    assert.notEqual(br.headers.etag, gzip.headers.etag);
  });

  it('If-None-Match gets the pipeline’s 304, and HEAD its headers without a body', async () => {
    const path = '/api/communes/tanger';
    const first = await send(path, { 'accept-encoding': 'br' });
    const viaPipeline = await send(`${path}?page=1`, { 'accept-encoding': 'br', 'if-none-match': first.headers.etag! });
    const ready = await send(path, { 'accept-encoding': 'br', 'if-none-match': first.headers.etag! });
    assert.equal(viaPipeline.status, 304);
    assert.equal(ready.status, 304);
    assert.equal(ready.body.length, 0);
    assert.deepEqual(withoutDate(ready.headers), withoutDate(viaPipeline.headers));
    assert.equal(ready.headers.etag, first.headers.etag);
    const head = await send(path, { 'accept-encoding': 'br' }, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
    assert.deepEqual(withoutDate(head.headers), withoutDate(first.headers));
  });

  it('another spelling of a URL is answered here with the pipeline’s answer for that URL, links, ETag and bytes', async () => {
    // Each base URL, then spellings of the same answer: a cache-busting parameter, another
    // order. The pipeline's answer for a URL is what a request with a body gets (it goes the
    // whole way); the listener must give the same, header for header and byte for byte.
    const cases: [string, (n: number) => string][] = [
      ['/api/communes?sort=-density&page=3', (n) => `/api/communes?page=3&_=${n}&sort=-density`],
      ['/api/communes?province=01.511&type=urban', (n) => `/api/communes?type=urban&province=01.511&_=${n}`],
      ['/api/communes?q=tanger', (n) => `/api/communes?q=tanger&_=${n}`],
      ['/api/search?q=sidi&limit=10', (n) => `/api/search?limit=10&q=sidi&utm=${n}`],
      ['/api/communes/near?lat=34.02&lng=-6.83&radius=20', (n) => `/api/communes/near?radius=20&lng=-6.83&lat=34.02&_=${n}`],
      ['/api/communes/at?lat=35.786&lng=-5.8125', (n) => `/api/communes/at?lng=-5.8125&lat=35.786&_=${n}`],
      ['/api/communes/09.581.03.05/douars?sort=-distancesKm.primarySchool', (n) => `/api/communes/09.581.03.05/douars?_=${n}&sort=-distancesKm.primarySchool&page=2`],
      ['/api/regions/01/communes?page=2', (n) => `/api/regions/01/communes?_=${n}&page=2`],
      ['/api/communes/tanger', (n) => `/api/communes/tanger?_=${n}`],
    ];
    for (const coding of CODINGS) {
      for (const [base, spelling] of cases) {
        await send(base, coding);
        for (let n = 1; n <= 4; n++) {
          const url = spelling(n + Math.random());
          const before = await readyHits();
          const here = await send(url, coding);
          const fromHere = (await readyHits()) - before;
          const pipeline = await send(url, { ...coding, 'content-length': '0' });
          assert.equal(here.status, 200, url);
          assert.deepEqual(withoutDate(here.headers), withoutDate(pipeline.headers), `${url} ${JSON.stringify(coding)}`);
          assert.ok(here.body.equals(pipeline.body), `${url}: same bytes`);
          // What makes the answer is kept on its second sight (by spelling 2 at the latest), then serves.
          if (n >= 3) assert.equal(fromHere, 1, `${url} ${JSON.stringify(coding)}: answered from the ready answers`);
        }
      }
    }
    // A spelling that changes what the route reads is another answer, never the kept one.
    const page4 = await send('/api/communes?sort=-density&page=4&_=x', { 'accept-encoding': 'identity' });
    assert.equal(JSON.parse(page4.body.toString()).meta.page, 4);
    const list = await send('/api/communes/09.581.03.05/douars?_=y', { 'accept-encoding': 'identity' });
    const listed = JSON.parse(list.body.toString());
    assert.equal(listed.links.self, '/api/communes/09.581.03.05/douars.json', 'without list parameters a commune’s douars are its static list');
    assert.equal(listed.data.length, 134);
  });

  it('what is refused stays refused: a body, another method, a problem', async () => {
    await send('/api/communes/tanger');
    const post = await send('/api/communes/tanger', {}, 'POST');
    assert.equal(post.status, 405);
    const withBody = await send('/api/communes/tanger', { 'content-length': '0' });
    assert.equal(withBody.status, 200, 'a GET with an empty body still goes the whole way and answers');
    for (let i = 0; i < 2; i++) assert.equal((await send('/api/communes/nowhere-at-all')).status, 404);
  });
});
