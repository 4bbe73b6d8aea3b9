import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validate } from '@readme/openapi-parser';
import { useApp } from './support.js';

const ctx = useApp();

type Parameter = { name: string; in: string; required: boolean; schema: { minimum?: number; maximum?: number; exclusiveMinimum?: number } };

describe('/api/openapi.json', () => {
  it('describes the interface in OpenAPI 3.1', async () => {
    const res = await ctx.get('/api/openapi.json').expect(200);
    const doc = res.body;
    assert.equal(doc.openapi, '3.1.0');
    for (const path of ['/api/search', '/api/communes', '/api/communes/at', '/api/communes/near', '/api/{collection}/{code}', '/api/{collection}/{code}/{figures}']) {
      assert.ok(doc.paths[path]?.get, path);
    }
    assert.match(doc.info.description, /OpenStreetMap contributors \(ODbL 1\.0\)/);
    assert.match(doc.info.description, /Haut-Commissariat au Plan/);
    const result = await validate(structuredClone(doc));
    assert.deepEqual(result, { valid: true, warnings: [], specification: 'OpenAPI' });
  });

  it('states the bounds the service enforces', async () => {
    const doc = (await ctx.get('/api/openapi.json')).body;
    const param = (path: string, name: string) => (doc.paths[path].get.parameters as Parameter[]).find((p) => p.name === name)!;
    const checks: Array<[string, string, string, number]> = [
      ['/api/search', 'limit', '/api/search?q=fes&limit=', 200],
      ['/api/communes/near', 'limit', '/api/communes/near?lat=34&lng=-6.8&limit=', 200],
      // The largest page is a valid request; there are not that many pages of communes.
      ['/api/communes', 'page', '/api/communes?sort=name&page=', 404],
      ['/api/communes', 'min_population', '/api/communes?min_population=', 200],
    ];
    for (const [path, name, url, atMaximum] of checks) {
      const { minimum, maximum } = param(path, name).schema;
      assert.equal((await ctx.get(`${url}${maximum}`)).status, atMaximum, `${url}${maximum}`);
      assert.equal((await ctx.get(`${url}${maximum! + 1}`)).status, 400, `${url}${maximum! + 1}`);
      assert.equal((await ctx.get(`${url}${minimum! - 1}`)).status, 400, `${url}${minimum! - 1}`);
    }
    const radius = param('/api/communes/near', 'radius').schema;
    await ctx.get(`/api/communes/near?lat=34&lng=-6.8&radius=${radius.maximum}`).expect(200);
    assert.equal((await ctx.get(`/api/communes/near?lat=34&lng=-6.8&radius=${radius.maximum! + 0.1}`)).status, 400);
    assert.equal(param('/api/communes/at', 'lat').required, true);
  });
});

describe('/docs/api/', () => {
  it('explains every problem kind at the anchor its type links to', async () => {
    const res = await ctx.get('/docs/api/').expect(200);
    assert.match(res.headers['content-type']!, /^text\/html/);
    const type = (await ctx.get('/api/communes/99.999.99.99')).body.type as string;
    const anchor = type.split('#')[1]!;
    assert.ok(res.text.includes(`id="${anchor}"`));
    for (const kind of ['not-found', 'invalid-code', 'invalid-query']) assert.ok(res.text.includes(`id="${kind}"`), kind);
  });
});
