// A page prepared for one URL, relinked for another, is byte for byte the page prepared for
// the other: the gateway answers URL variants of the same content this way (relinkPage).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listEnvelope, pagedEnvelope, prepareJson, prepareListJson, prepareRowsJson, relinkPage, withPage } from '../src/index.js';

// Three real communes of Tanger-Assilah, as rows; 120 of them make three pages of 50.
const rows = [
  { code: '01.511.01.0', name: { fr: 'Tanger', ar: 'طنجة' } },
  { code: '01.511.01.09', name: { fr: 'Gueznaia', ar: 'اكزناية' } },
  { code: '01.511.01.01', name: { fr: 'Assilah', ar: 'أصيلة' } },
];
const many = Array.from({ length: 120 }, (_, i) => rows[i % 3]!);
const page = (url: string, n: number) => pagedEnvelope(many, n, '1.10.0', (m) => withPage(url, m), url);

describe('relinkPage', () => {
  it('gives the bytes and ETag of the page prepared for the new URL, on the first, a middle and the last page', () => {
    const first = '/api/communes?province=01.511&sort=name';
    const other = '/api/communes?sort=name&province=tanger-assilah&utm_source=x';
    for (const n of [1, 2, 3]) {
      const relinked = relinkPage(prepareRowsJson(first, page(first, n)), other, n);
      const direct = prepareRowsJson(other, page(other, n));
      assert.ok(relinked.body.equals(direct.body), `page ${n}`);
      assert.equal(relinked.etag, direct.etag);
      assert.deepEqual(relinked.sharedHead, direct.sharedHead);
      assert.equal(relinked.path, other);
    }
    assert.deepEqual(JSON.parse(relinkPage(prepareRowsJson(first, page(first, 3)), other, 3).body.toString()).links, {
      self: other,
      prev: '/api/communes?sort=name&province=tanger-assilah&utm_source=x&page=2',
      next: null,
    });
  });

  it('relinks a list made afresh, which has no other page', () => {
    const list = (url: string) => listEnvelope(rows.slice(), '1.10.0', url);
    const made = prepareListJson('/api/search?q=tanger', list('/api/search?q=tanger'));
    assert.ok(made.body.equals(prepareJson('/api/search?q=tanger', list('/api/search?q=tanger')).body), 'the bytes of JSON.stringify');
    const relinked = relinkPage(made, '/api/search?limit=10&q=tanger', 1);
    assert.ok(relinked.body.equals(prepareListJson('/api/search?limit=10&q=tanger', list('/api/search?limit=10&q=tanger')).body));
  });

  it('refuses a file without a shared head', () => {
    assert.throws(() => relinkPage(prepareJson('/api/communes/01.511.01.0.json', { data: rows[0] }), '/x', 1), /no shared head/);
  });
});
