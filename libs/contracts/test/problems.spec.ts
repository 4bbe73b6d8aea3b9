// Problem documents (problemDocument), without HTTP: what a detail echoes of the client's input.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_ECHOED_CHARS, problemDocument, shortenEchoes } from '../src/index.js';

describe('problem details', () => {
  it('echo a long code, slug or path cut in its middle, its length told; instance names the request as sent', () => {
    const slug = `tanger-${'a'.repeat(6000)}-assilah`;
    const document = problemDocument('not-found', `no unit has code ${slug}`, `/api/communes/${slug}`, '');
    assert.equal(document.detail, `no unit has code ${slug.slice(0, 80)}…${slug.slice(-30)} (6015 characters)`);
    assert.ok(document.detail.length < 160);
    assert.equal(document.instance, `/api/communes/${slug}`);
  });

  it('leave ordinary details whole, words of up to MAX_ECHOED_CHARS included', () => {
    const detail = "tanger-assilah is a province, at /api/provinces/01.511.json; min_population can't be above max_population";
    assert.equal(shortenEchoes(detail), detail);
    const longest = `/api/communes/${'x'.repeat(MAX_ECHOED_CHARS - 14)}`;
    assert.equal(longest.length, MAX_ECHOED_CHARS);
    assert.equal(shortenEchoes(`${longest} is not an endpoint of this API`), `${longest} is not an endpoint of this API`);
    assert.match(shortenEchoes(`${longest}y is not an endpoint of this API`), /^\/api\/communes\/x{66}….{30} \(121 characters\) is not an endpoint of this API$/);
  });
});
