import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Doorkeeper, keyHash } from '../src/index.js';

/** URLs of the bench's "new content": they differ in a few digits, the hard case for a hash. */
const pageUrls = (count: number) => Array.from({ length: count }, (_, n) => `br /api/communes?sort=-density&min_population=${1000 + (n % 500)}&max_population=${20000 + Math.floor(n / 500)}`);

describe('Doorkeeper', () => {
  it('lets a key in the second time it is seen, then forgets it', () => {
    const door = new Doorkeeper();
    assert.equal(door.admit('br /api/communes/tanger'), false);
    assert.equal(door.admit('gzip /api/communes/tanger'), false, 'another key');
    assert.equal(door.admit('br /api/communes/tanger'), true);
    assert.equal(door.admit('br /api/communes/tanger'), false, 'admitted once, then seen anew');
    door.clear();
    assert.equal(door.admit('gzip /api/communes/tanger'), false, 'cleared');
  });

  it('forgets every key seen once when it holds `capacity` of them', () => {
    const door = new Doorkeeper(3);
    for (const key of ['a', 'b', 'c', 'd']) assert.equal(door.admit(key), false);
    assert.equal(door.admit('d'), true, 'the key that found it full is kept');
    assert.equal(door.admit('a'), false, 'the others were forgotten');
  });

  it('tells 49,999 URLs differing in a few digits apart: at most a handful let in at first sight', () => {
    const door = new Doorkeeper();
    const urls = pageUrls(49_999);
    const early = urls.filter((url) => door.admit(url)).length;
    // A random 30-bit hash gives about one colliding pair among 50,000 keys (FNV-1a gave 20).
    assert.ok(early <= 5, `${early} let in at first sight`);
    assert.equal(urls.filter((url) => door.admit(url)).length, urls.length - early, 'each let in at its second sight');
  });

  it('hashes to a small integer, the same for the same key', () => {
    for (const url of pageUrls(1000)) {
      const hash = keyHash(url);
      assert.ok(Number.isInteger(hash) && hash >= 0 && hash < 2 ** 30, url);
      assert.equal(keyHash(`${url.slice(0, 10)}${url.slice(10)}`), hash);
    }
    assert.notEqual(keyHash('br /a'), keyHash('br /b'));
  });
});
