// How a file answer crosses the network between a service and the gateway (docs/cluster.md).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { prepareRowsJson, type FileAnswer } from '../src/index.js';
import { fileAnswerFrom, fileAnswerHeaders, WIRE_HEADERS } from '../src/service/wire.js';

const url = '/api/communes?sort=-density&page=3';
const rows = [{ code: '01.405.01.09', name: { fr: 'Ouezzane', ar: 'وزان' }, density: 3002.42 }];
const answer: FileAnswer = {
  datasetVersion: '1.10.0',
  tier: 'computed',
  file: prepareRowsJson(url, { data: rows, meta: { datasetVersion: '1.10.0', total: 1 }, links: { self: url, prev: null, next: null } }),
};

describe('a file answer on the wire', () => {
  it('arrives as it left, its shared head included', () => {
    const headers = fileAnswerHeaders(answer);
    assert.match(headers[WIRE_HEADERS.sharedHead]!, /^\d+ "[\w-]+"$/);
    assert.deepEqual(fileAnswerFrom(headers, answer.file.body), answer);
  });

  it('ignores a shared head that is malformed or longer than the body', () => {
    const headers = fileAnswerHeaders(answer);
    for (const wrong of [`${answer.file.body.length + 1} ${answer.file.sharedHead!.etag}`, '12 unquoted', '-1 "x"', '']) {
      const arrived = fileAnswerFrom({ ...headers, [WIRE_HEADERS.sharedHead]: wrong }, answer.file.body);
      assert.equal(arrived?.file.sharedHead, undefined, wrong);
      assert.ok(arrived?.file.body.equals(answer.file.body));
    }
  });
});
