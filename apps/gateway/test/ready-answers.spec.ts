// The answers kept ready to write (ReadyAnswers), without HTTP: what is kept, what is served,
// and what a new dataset version or the memory bound removes.
import assert from 'node:assert/strict';
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { describe, it } from 'node:test';
import { ReadyAnswers, type ReadyAnswer } from '../src/http/ready-answers.js';
import { ResponseCache } from '../src/http/response-cache.js';

const request = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({ method, url, headers, rawHeaders: Object.entries(headers).flat() }) as unknown as IncomingMessage;
function response() {
  const sent: { status?: number; headers?: OutgoingHttpHeaders; body?: Buffer } = {};
  const res = {
    writeHead(status: number, head: OutgoingHttpHeader[]) {
      // Written as the flat list of text Node writes by index (name, value, …).
      assert.ok(Array.isArray(head) && head.every((item) => typeof item === 'string'), 'headers are a flat list of text');
      const headers: OutgoingHttpHeaders = {};
      for (let i = 0; i < head.length; i += 2) headers[head[i] as string] = head[i + 1];
      Object.assign(sent, { status, headers });
      return res;
    },
    end(body?: Buffer) {
      sent.body = body;
    },
  };
  return { res: res as unknown as ServerResponse, sent };
}
const answer = (body: string, etag = '"e1"'): ReadyAnswer => ({ etag, body: Buffer.from(body), headers: { etag, 'content-length': body.length }, notModifiedHeaders: { etag } });

/** Asks twice (an answer is kept the second time its request misses) and keeps the answer. */
function keepAfterMiss(ready: ReadyAnswers, url: string, body: string, headers: Record<string, string> = {}) {
  const first = request(url, headers);
  assert.equal(ready.tryAnswer(first, response().res), false);
  assert.equal(ready.admits(first), false, 'not kept the first time');
  ready.keep(first, answer(body));
  const second = request(url, headers);
  assert.equal(ready.tryAnswer(second, response().res), false);
  ready.keep(second, answer(body));
}

describe('ReadyAnswers', () => {
  it('serves a kept GET answer again: 200 with its bytes, 304 to a matching If-None-Match, HEAD without the body', () => {
    const ready = new ReadyAnswers();
    keepAfterMiss(ready, '/api/communes/tanger', 'tanger', { 'accept-encoding': 'br' });
    const hit = response();
    assert.equal(ready.tryAnswer(request('/api/communes/tanger', { 'Accept-Encoding': 'gzip, deflate, br' }), hit.res), true);
    assert.deepEqual(hit.sent, { status: 200, headers: { etag: '"e1"', 'content-length': '6' }, body: Buffer.from('tanger') });
    const notModified = response();
    assert.equal(ready.tryAnswer(request('/api/communes/tanger', { 'accept-encoding': 'br', 'if-none-match': 'W/"e1"' }), notModified.res), true);
    assert.deepEqual(notModified.sent, { status: 304, headers: { etag: '"e1"' }, body: undefined });
    const head = response();
    assert.equal(ready.tryAnswer(request('/api/communes/tanger', { 'accept-encoding': 'br' }, 'HEAD'), head.res), true);
    assert.equal(head.sent.body, undefined);
    assert.equal(head.sent.headers!['content-length'], '6', 'header values are kept as text: Node writes them as they are');
  });

  it('keys by URL and negotiated coding; other methods, bodies and HEAD answers are never kept or served', () => {
    const ready = new ReadyAnswers();
    keepAfterMiss(ready, '/a', 'br body', { 'accept-encoding': 'br' });
    assert.equal(ready.tryAnswer(request('/a', { 'accept-encoding': 'gzip' }), response().res), false, 'gzip is another answer');
    assert.equal(ready.tryAnswer(request('/a'), response().res), false, 'identity is another answer');
    assert.equal(ready.tryAnswer(request('/a?x=1', { 'accept-encoding': 'br' }), response().res), false);
    assert.equal(ready.tryAnswer(request('/a', { 'accept-encoding': 'br', 'Content-Length': '3' }), response().res), false, 'a request with a body');
    assert.equal(ready.tryAnswer(request('/a', { 'accept-encoding': 'br', 'transfer-encoding': 'chunked' }), response().res), false, 'a request with a body');
    assert.equal(ready.tryAnswer(request('/a', { 'accept-encoding': 'br' }, 'POST'), response().res), false);
    const gzipAgain = request('/a', { 'accept-encoding': 'gzip' });
    assert.equal(ready.tryAnswer(gzipAgain, response().res), false, 'asked a second time: now kept');
    ready.keep(gzipAgain, answer('gzip body'));
    const [br, gzip] = [response(), response()];
    assert.equal(ready.tryAnswer(request('/a', { 'accept-encoding': 'br' }), br.res), true);
    assert.equal(ready.tryAnswer(request('/a', { 'accept-encoding': 'gzip' }), gzip.res), true);
    assert.deepEqual([br.sent.body!.toString(), gzip.sent.body!.toString()], ['br body', 'gzip body'], 'one URL, one answer per coding');
    assert.deepEqual(ready.size, { entries: 2, bytes: 16 });
    for (let i = 0; i < 2; i++) {
      const head = request('/b', {}, 'HEAD');
      ready.tryAnswer(head, response().res);
      ready.keep(head, answer('b'));
    }
    assert.equal(ready.size.entries, 2);
  });

  it('keeps nothing computed before a new dataset version, and serves nothing kept under the old one', () => {
    const ready = new ReadyAnswers();
    const cache = new ResponseCache(undefined, ready);
    cache.observe('catalog', '1.10.0');
    keepAfterMiss(ready, '/kept', 'old');
    ready.tryAnswer(request('/in-flight'), response().res);
    const inFlight = request('/in-flight');
    ready.tryAnswer(inFlight, response().res);
    cache.observe('catalog', '1.10.0');
    assert.equal(ready.size.entries, 1, 'the same version changes nothing');
    cache.observe('geo', '1.10.0');
    assert.equal(ready.size.entries, 1, 'a first version heard of is no change');
    cache.observe('catalog', '1.11.0');
    assert.equal(ready.size.entries, 0);
    assert.equal(ready.tryAnswer(request('/kept'), response().res), false);
    ready.keep(inFlight, answer('computed from 1.10.0'));
    assert.equal(ready.size.entries, 0, 'an answer begun under the old version is not kept');
  });

  it('stays within its bounds, giving an entry served since the last sweep a second chance', () => {
    const ready = new ReadyAnswers(1000, 3);
    keepAfterMiss(ready, '/one', '0123456789');
    keepAfterMiss(ready, '/two', '0123456789');
    assert.equal(ready.tryAnswer(request('/one'), response().res), true);
    keepAfterMiss(ready, '/three', '0123456789');
    keepAfterMiss(ready, '/four', '0123456789');
    assert.deepEqual(ready.size, { entries: 3, bytes: 30 });
    const byBytes = new ReadyAnswers(160, 100);
    for (let n = 0; n < 17; n++) keepAfterMiss(byBytes, `/${n}`, '0123456789');
    assert.deepEqual(byBytes.size, { entries: 16, bytes: 160 });
    assert.equal(byBytes.tryAnswer(request('/0'), response().res), false);
    assert.equal(ready.tryAnswer(request('/two'), response().res), false, 'the oldest unused one left');
    assert.equal(ready.tryAnswer(request('/one'), response().res), true, 'the used one stayed');
    keepAfterMiss(ready, '/big', 'x'.repeat(63));
    assert.equal(ready.tryAnswer(request('/big'), response().res), false, 'larger than a sixteenth of the bound: never kept');
  });

  describe('other spellings of a URL', () => {
    const READS = ['sort', 'page'] as const;
    /** The pipeline answers `url` (learning what its route reads) and offers `body` to keep. */
    function answerThrough(ready: ReadyAnswers, url: string, body: string, respell?: (url: string) => { etag: string; body: Buffer } | undefined) {
      const req = request(url);
      assert.equal(ready.tryAnswer(req, response().res), false);
      ready.learn(url, READS);
      ready.keep(req, answer(body), { reads: READS, respell });
    }

    it('a look-up is answered with the same bytes under any spelling once what makes it was asked twice', () => {
      const ready = new ReadyAnswers();
      answerThrough(ready, '/api/communes?sort=-density&page=3', 'page 3');
      answerThrough(ready, '/api/communes?page=3&sort=-density', 'page 3');
      answerThrough(ready, '/api/communes?sort=-density&page=3&_=1', 'page 3');
      const hit = response();
      assert.equal(ready.tryAnswer(request('/api/communes?_=2&page=3&sort=-density'), hit.res), true);
      assert.equal(hit.sent.body!.toString(), 'page 3');
      assert.equal(ready.tryAnswer(request('/api/communes?sort=-density&page=4'), response().res), false, 'another page is another answer');
      assert.equal(ready.tryAnswer(request('/api/communes?sort=density&page=3'), response().res), false);
      assert.equal(ready.tryAnswer(request('/api/communes?sort=-density&page=3', { 'accept-encoding': 'br' }), response().res), false, 'another coding');
      assert.equal(ready.tryAnswer(request('/api/communes?sort=-density&%70age=4'), response().res), false, 'a spelling the framework reads');
    });

    it('a page is spelled again for each URL: its ETag and body from respell, the other headers kept', () => {
      const ready = new ReadyAnswers();
      const asked: string[] = [];
      const respell = (url: string) => {
        asked.push(url);
        return url.includes('too-long') ? undefined : { etag: `"${url.length}"`, body: Buffer.from(`page for ${url}`) };
      };
      answerThrough(ready, '/l?page=2', 'page for /l?page=2', respell);
      answerThrough(ready, '/l?page=2&_=1', 'page for /l?page=2&_=1', respell);
      answerThrough(ready, '/l?page=2&_=2', 'page for /l?page=2&_=2', respell);
      const hit = response();
      assert.equal(ready.tryAnswer(request('/l?_=3&page=2'), hit.res), true);
      assert.deepEqual(hit.sent, { status: 200, headers: { etag: '"13"', 'content-length': '22' }, body: Buffer.from('page for /l?_=3&page=2') });
      const notModified = response();
      assert.equal(ready.tryAnswer(request('/l?_=3&page=2', { 'if-none-match': '"13"' }), notModified.res), true);
      assert.deepEqual(notModified.sent, { status: 304, headers: { etag: '"13"' }, body: undefined });
      assert.equal(ready.tryAnswer(request('/l?page=2&too-long=1'), response().res), false, 'respell declined: the pipeline answers');
      assert.deepEqual(asked, ['/l?_=3&page=2', '/l?_=3&page=2', '/l?page=2&too-long=1']);
      const again = response();
      assert.equal(ready.tryAnswer(request('/l?_=3&page=2'), again.res), true);
      assert.equal(asked.length, 3, 'a spelling asked twice is kept under its URL');
      assert.equal(again.sent.body!.toString(), 'page for /l?_=3&page=2');
    });

    it('nothing is named for a path whose route is not known, and a new dataset version forgets routes and answers', () => {
      const ready = new ReadyAnswers();
      const cache = new ResponseCache(undefined, ready);
      cache.observe('catalog', '1.10.0');
      for (let i = 0; i < 3; i++) {
        const req = request(`/unknown?page=1&_=${i}`);
        ready.tryAnswer(req, response().res);
        ready.keep(req, answer('x'), { reads: READS });
      }
      assert.equal(ready.size.entries, 0, 'no route learnt: each URL is asked once');
      answerThrough(ready, '/l?page=1', 'p');
      answerThrough(ready, '/l?page=1&_=1', 'p');
      answerThrough(ready, '/l?page=1&_=2', 'p');
      assert.equal(ready.tryAnswer(request('/l?page=1&_=3'), response().res), true);
      cache.observe('catalog', '1.11.0');
      assert.equal(ready.tryAnswer(request('/l?page=1&_=3'), response().res), false);
      const req = request('/l?page=1&_=4');
      ready.tryAnswer(req, response().res);
      assert.equal(ready.admits(req), false, 'the route is learnt again from a new answer first');
    });
  });
});
