// The held-name index (places and douars of a unit) must score exactly as a pass over every
// name in order would, on the real documents with the most names.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bestHeldName, indexHeldNames, isWordAt, readSearchDocuments, type HeldNameScores } from '@mc/contracts';
import { testBuildDir } from '@mc/test-support';

const PLACES: HeldNameScores = { exact: 950, prefixTop: 450, prefixCap: 198, word: 250 };

/** The rule as written first: every name in position order, the first strictly higher score kept. */
function passOverEveryName(names: ReadonlyArray<readonly string[]>, folded: string, s: HeldNameScores) {
  let best: { score: number; position: number } | null = null;
  names.forEach((list, position) => {
    for (const name of list) {
      const score = name === folded ? s.exact : name.startsWith(folded) ? s.prefixTop - Math.min(s.prefixCap, name.length - folded.length) : isWordAt(name, folded) ? s.word : 0;
      if (score > (best?.score ?? 0)) best = { score, position };
    }
  });
  return best;
}

describe('held-name index', () => {
  it('gives Casablanca’s places and Arbaa Ait Ahmed’s douars the scores of a pass over every name', () => {
    const { documents } = readSearchDocuments(testBuildDir());
    const casablanca = documents.find((d) => d.code === '06.141.01.0')!;
    const arbaa = documents.find((d) => d.code === '09.581.03.05')!;
    const lists = [casablanca.neighbourhoods!.map((p) => p.folded), arbaa.douars!.map((d) => [d.folded])];
    assert.ok(lists[0]!.length > 500 && lists[1]!.length === 134);
    let queries = 0;
    for (const names of lists) {
      const index = indexHeldNames(names);
      const all = [...new Set(names.flat())];
      // Every name, every prefix of 3 to 6 letters, every word and every pair of words.
      const asked = new Set(
        all.flatMap((n) => {
          const words = n.split(' ');
          return [n, n.slice(0, 3), n.slice(0, 4), n.slice(0, 6), ...words, ...words.slice(1).map((w, i) => `${words[i]} ${w}`)];
        }),
      );
      for (const q of [...asked].filter((q) => q.length >= 3)) {
        assert.deepEqual(bestHeldName(index, q, PLACES), passOverEveryName(names, q, PLACES), q);
        queries++;
      }
    }
    assert.ok(queries > 1000, `${queries} queries`);
  });
});
