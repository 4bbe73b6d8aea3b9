import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useApp } from './support.js';

const ctx = useApp();
const expectInvalidQuery = async (path: string, detail?: RegExp) => {
  assert.equal((await ctx.expectProblem(path, 400, 'invalid-query', detail)).title, 'Invalid query parameter');
};

describe('GET /api/search', () => {
  it('answers hits best first in the envelope, computed', async () => {
    const res = await ctx.get('/api/search?q=tanger&limit=3').expect(200);
    assert.equal(res.headers['x-api-tier'], 'computed');
    assert.deepEqual(res.body.meta, { datasetVersion: '1.10.0', total: 3 });
    assert.deepEqual(res.body.links, { self: '/api/search?q=tanger&limit=3', prev: null, next: null });
    assert.deepEqual(res.body.data[0], {
      code: '01.511.01.0',
      level: 'commune',
      name: { fr: 'Tanger', ar: 'طنجة' },
      slug: 'tanger',
      score: 1000,
      matched: 'exact',
    });
  });

  it('takes levels as a trimmed comma list, ignoring empty entries', async () => {
    const res = await ctx.get('/api/search?q=tanger&levels=%20province%20,region,').expect(200);
    assert.deepEqual([...new Set(res.body.data.map((h: { level: string }) => h.level))].sort(), ['province', 'region']);
    const communes = (await ctx.get('/api/search?q=tanger&levels=commune,').expect(200)).body.data as Array<{ code: string; level: string }>;
    assert.equal(communes[0]!.code, '01.511.01.0');
    assert.ok(communes.every((h) => h.level === 'commune'));
    // Only empty entries: every level, as when levels is not given.
    const all = (await ctx.get('/api/search?q=tanger&levels=,').expect(200)).body.data as Array<{ code: string; level: string }>;
    assert.deepEqual(all.slice(0, 3).map((h) => h.code), ['01.511.01.0', '01.511.05', '01.511']);
  });

  it('answers an unreadable name with an empty list, not an error', async () => {
    const res = await ctx.get('/api/search?q=!!!').expect(200);
    assert.deepEqual(res.body.data, []);
    assert.equal(res.body.meta.total, 0);
  });

  it('refuses missing, blank and long queries, unknown levels and limits out of range', async () => {
    await expectInvalidQuery('/api/search', /q is required/);
    await expectInvalidQuery('/api/search?q=', /q is required/);
    await expectInvalidQuery('/api/search?q=%20%20', /q is required/);
    await expectInvalidQuery(`/api/search?q=${'a'.repeat(101)}`, /1 to 100 characters/);
    assert.deepEqual((await ctx.get(`/api/search?q=${'a'.repeat(100)}`).expect(200)).body.data, [], 'the longest query is read, and matches nothing');
    await expectInvalidQuery('/api/search?q=fes&levels=banana,commune,town', /unknown level\(s\): banana, town/);
    for (const limit of ['0', '51', '999', 'abc', '', '1.5']) await expectInvalidQuery(`/api/search?q=fes&limit=${limit}`, /limit must be a whole number between 1 and 50/);
    const fes = (await ctx.get('/api/search?q=fes&limit=50').expect(200)).body;
    assert.equal(fes.data[0].code, '03.231.01.0');
    assert.equal(fes.meta.total, fes.data.length);
    await expectInvalidQuery('/api/search?q=fes&q=rabat', /q must be given at most once/);
  });
});

describe('GET /api/communes?q=', () => {
  it('searches communes only, at most 10', async () => {
    const res = await ctx.get('/api/communes?q=tanger').expect(200);
    assert.equal(res.headers['x-api-tier'], 'computed');
    assert.ok(res.body.data.every((h: { level: string }) => h.level === 'commune'));
    assert.equal(res.body.data[0].code, '01.511.01.0');
    const many = await ctx.get('/api/communes?q=sidi').expect(200);
    assert.equal(many.body.data.length, 10);
    assert.equal(many.body.meta.total, 10);
  });

  it('refuses q with any other list parameter, listing them', async () => {
    await expectInvalidQuery('/api/communes?q=tanger&region=03&sort=name', /can't be combined with region, sort/);
    await expectInvalidQuery('/api/communes?q=tanger&page=1', /page/);
  });
});
