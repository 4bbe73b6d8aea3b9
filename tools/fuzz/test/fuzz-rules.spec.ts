import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateRequest, judge, randomSource } from '../src/index.js';

describe('the request generator', () => {
  it('gives the same requests for the same seed, and others for another', () => {
    const take = (seed: number) => {
      const random = randomSource(seed);
      return Array.from({ length: 50 }, () => generateRequest(random));
    };
    assert.deepEqual(take(7), take(7));
    assert.notDeepEqual(take(7), take(8));
  });

  it('covers odd methods, raw bytes, long input and repeated parameters', () => {
    const random = randomSource(1);
    const requests = Array.from({ length: 3000 }, () => generateRequest(random));
    assert.ok(requests.some((r) => r.raw));
    assert.ok(requests.some((r) => r.method === 'CONNECT'));
    assert.ok(requests.some((r) => r.target.length > 8000));
    assert.ok(requests.some((r) => /[?&](\w+)=[^&]*&\1=/.test(r.target)));
  });
});

describe('judge', () => {
  const problem = (status: number) => JSON.stringify({ type: '/docs/api/#x', title: 'X', status, detail: 'd', instance: '/' });
  it('accepts answers below 400 and problem documents', () => {
    assert.equal(judge({ method: 'GET' }, { status: 200, contentType: 'application/json', body: '{}' }), null);
    assert.equal(judge({ method: 'GET' }, { status: 404, contentType: 'application/problem+json; charset=utf-8', body: problem(404) }), null);
    assert.equal(judge({ method: 'HEAD' }, { status: 404, contentType: 'application/problem+json', body: '' }), null);
  });

  it('fails a 5xx, an error in another shape, and a problem whose status disagrees', () => {
    assert.match(judge({ method: 'GET' }, { status: 500, contentType: 'application/problem+json', body: problem(500) })!, /^status 500/);
    assert.match(judge({ method: 'GET' }, { status: 400, contentType: 'application/json', body: '{"error":"Bad Request"}' })!, /with application\/json/);
    assert.match(judge({ method: 'GET' }, { status: 404, contentType: 'application/problem+json', body: problem(400) })!, /problem status 400 under HTTP 404/);
    assert.match(judge({ method: 'GET' }, { status: 404, contentType: 'application/problem+json', body: '{"type":"x"}' })!, /without title, status, detail, instance/);
  });
});
