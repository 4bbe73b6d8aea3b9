/**
 * A fixed-seed run of the fuzzer (`npm run fuzz`) against the embedded server: 10,000 hostile
 * requests, none answered with a 5xx, an error that is not a problem document, in over a
 * second, or not at all, and `/readyz` answering throughout.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { before, describe, it } from 'node:test';
import { fuzz } from '@mc/fuzz';
import { useApp } from './support.js';

const ctx = useApp();

describe('npm run fuzz, seed 1', () => {
  let url = '';
  before(async () => {
    await ctx.app().listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(ctx.app().getHttpServer().address() as AddressInfo).port}`;
  });

  it('keeps every promise over 10,000 hostile requests', async () => {
    const report = await fuzz({ url, seed: 1, count: 10_000, concurrency: 4 });
    assert.deepEqual(report.failures, []);
    assert.equal(report.sent, 10_000);
    // The run reaches every kind of answer, not only refusals.
    for (const status of ['200', '204', '400', '404', '405', '431']) assert.ok((report.statuses[status] ?? 0) > 0, `no ${status} in ${JSON.stringify(report.statuses)}`);
  });
});
