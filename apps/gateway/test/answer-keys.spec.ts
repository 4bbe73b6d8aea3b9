// Which URLs ask for the same answer (answerKey), without HTTP: the path and the values of the
// parameters the route reads, as spelled; anything the framework could read otherwise is not named.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerKey, pathOf } from '../src/http/answer-keys.js';
import { LIST_PARAMS } from '../src/communes/list-params.js';

const LIST = LIST_PARAMS;

describe('answerKey', () => {
  it('names the same answer whatever the order of the parameters and whatever the route does not read', () => {
    const key = answerKey('/api/communes?province=01.511&type=urban', LIST);
    assert.equal(key, '/api/communes?province=01.511&type=urban');
    assert.equal(answerKey('/api/communes?type=urban&province=01.511', LIST), key);
    assert.equal(answerKey('/api/communes?_=1700000000&type=urban&utm_source=x&province=01.511', LIST), key);
    assert.equal(answerKey('/api/communes?&type=urban&&province=01.511&', LIST), key, 'empty pieces are nothing');
  });

  it('tells apart every value the route reads, as spelled, and keeps a repeated parameter repeated in order', () => {
    const page3 = answerKey('/api/communes?sort=-density&page=3', LIST);
    assert.notEqual(answerKey('/api/communes?sort=-density&page=4', LIST), page3);
    assert.notEqual(answerKey('/api/communes?sort=density&page=3', LIST), page3);
    assert.notEqual(answerKey('/api/communes?sort=-density', LIST), page3, 'no page is not page 3');
    assert.equal(answerKey('/api/communes?page=1&sort=code&page=2', LIST), '/api/communes?sort=code&page=1&page=2');
    assert.notEqual(answerKey('/api/communes?page=2&page=1', LIST), answerKey('/api/communes?page=1&page=2', LIST));
    assert.notEqual(answerKey('/api/search?q=s%69di', ['q']), answerKey('/api/search?q=sidi', ['q']), 'values are not decoded');
  });

  it('reads a parameter without "=" as given empty, as the framework does', () => {
    assert.equal(answerKey('/api/communes?page&type=urban', LIST), '/api/communes?type=urban&page=');
    assert.equal(answerKey('/api/communes?page=&type=urban', LIST), answerKey('/api/communes?page&type=urban', LIST));
    assert.equal(answerKey('/api/search?q=a=b', ['q']), '/api/search?q=a=b', 'a value may hold "="');
  });

  it('a route that reads nothing, or a URL without a query, is named by its path', () => {
    assert.equal(answerKey('/api/communes/tanger?_=5&page=2', []), '/api/communes/tanger?');
    assert.equal(answerKey('/api/communes/tanger', ['page']), '/api/communes/tanger?');
    assert.equal(answerKey('/api/communes/tanger?', ['page']), '/api/communes/tanger?');
    assert.notEqual(answerKey('/api/communes/tanger/', []), answerKey('/api/communes/tanger', []), 'paths are compared as spelled');
  });

  it('leaves to the framework what its parser could read as another parameter', () => {
    assert.equal(answerKey('/api/communes?%70age=2', LIST), undefined, 'an encoded name may be "page"');
    assert.equal(answerKey('/api/communes?pa+ge=2', LIST), undefined);
    assert.equal(answerKey('/api/communes;page=2', LIST), undefined);
    assert.equal(answerKey('/api/communes?page=2#x', LIST), undefined);
  });

  it('pathOf is what precedes the query', () => {
    assert.equal(pathOf('/api/communes?page=2'), '/api/communes');
    assert.equal(pathOf('/api/communes'), '/api/communes');
  });
});
