import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  EXONYMS,
  arabicSkeleton,
  buildSearchDocuments,
  checkExonyms,
  codeHits,
  codeOrPostcodeHits,
  normaliseName,
  prepareQuery,
  scoreDocument,
  skeleton,
  trigrams,
  type UnitIndexEntry,
} from '../src/index.js';

const sk = (name: string) => skeleton(normaliseName(name));

describe('trigrams', () => {
  it('slides a window of 3 over the folded string, spaces included', () => {
    assert.deepEqual(trigrams('fes'), ['fes']);
    assert.deepEqual(trigrams('ta'), ['ta']);
    assert.deepEqual(trigrams('el jadida').slice(0, 4), ['el ', 'l j', ' ja', 'jad']);
    assert.deepEqual(trigrams(''), []);
  });
});

describe('skeleton', () => {
  it('meets the spellings people use', () => {
    assert.equal(sk('Tétouan'), 'twn');
    assert.equal(sk('Titwan'), 'twn');
    assert.equal(sk('Essaouira'), 'swr');
    assert.equal(sk('Souira'), 'swr');
    assert.equal(sk('El Jadida'), 'jd');
    assert.equal(sk('Jdida'), 'jd');
    assert.equal(sk('Ketama'), 'ktm');
    assert.equal(sk('Ktama'), 'ktm');
    assert.equal(sk('l3ayoun'), sk('Laâyoune'));
    assert.equal(sk('Chefchaouen'), sk('Shefshawen'));
    assert.equal(sk('7ay'), 'hy');
  });

  it('has none for Arabic script', () => {
    assert.equal(sk('طنجة'), null);
  });
});

describe('arabicSkeleton', () => {
  const ask = (name: string) => arabicSkeleton(normaliseName(name));
  it('writes an Arabic name as its Latin spellings’ skeleton', () => {
    for (const [arabic, latin] of [
      ['طنجة', 'Tanja'],
      ['تطوان', 'Tétouan'],
      ['الصويرة', 'Essaouira'],
      ['أولاد علي', 'Ouled Ali'],
      ['سيدي', 'Sidi'],
      ['اجنانات', 'Jnanat'],
      ['بوسكورة', 'Bouskoura'],
      ['خميس', 'Khemis'],
    ]) assert.equal(ask(arabic!), sk(latin!), `${arabic} / ${latin}`);
  });

  it('keeps a word’s first ya as y, and has none for Latin script', () => {
    assert.equal(ask('يعقوب'), 'ykwb');
    assert.equal(ask('Tanger'), null);
  });
});

const unit = (code: string, level: UnitIndexEntry['level'], fr: string, slug: string, ar: string | null = null): UnitIndexEntry => ({
  code,
  codeDigits: code.replace(/\./g, '').padStart(level === 'commune' ? 9 : 0, '0'),
  level,
  slug,
  name: { fr, ar },
});

describe('scoreDocument', () => {
  const docs = buildSearchDocuments(
    [
      unit('01.511.01.0', 'commune', 'Tanger', 'tanger', 'طنجة'),
      unit('01.511', 'province', 'Tanger-Assilah', 'tanger-assilah'),
      unit('01', 'region', 'Tanger-Tétouan-Al Hoceima', 'tanger-tetouan-al-hoceima'),
      unit('07.211.01.05', 'commune', 'Essaouira', 'essaouira', 'الصويرة'),
    ],
    EXONYMS,
  );
  const score = (q: string, i: number) => scoreDocument(prepareQuery(q), docs[i]!);

  it('scores exact, alias and prefix matches by the reference formulas', () => {
    assert.deepEqual(score('Tanger', 0), { score: 1000, matched: 'exact' });
    assert.deepEqual(score('طَنــْجَة', 0), { score: 1000, matched: 'exact' });
    assert.deepEqual(score('tanger', 1), { score: 492, matched: 'prefix' });
    assert.deepEqual(score('tanger', 2), { score: 481, matched: 'prefix' });
    assert.deepEqual(score('Mogador', 3), { score: 1000, matched: 'alias' });
  });

  it('scores spelling matches above 300 and trigram matches by Dice', () => {
    const spelling = score('souira', 3)!;
    assert.equal(spelling.matched, 'spelling');
    assert.ok(spelling.score > 300 && spelling.score < 400);
    assert.equal(score('tangier', 0)!.matched, 'spelling');
    const trigram = score('tangerine', 0)!;
    assert.equal(trigram.matched, 'trigram');
    // 7 grams (tan ang nge ger eri rin ine), 4 of them Tanger's.
    assert.equal(trigram.score, (200 * 4) / (docs[0]!.grams.length + 7));
    assert.equal(score('zzzz', 0), null);
  });

  it('answers code queries in three spellings and by level', () => {
    const hits = (q: string) => codeHits(q, docs, null, 10).map((h) => `${h.code}:${h.matched}:${h.score}`);
    assert.deepEqual(hits('01.511.01.0'), ['01.511.01.0:code:1000']);
    assert.deepEqual(hits('001511010'), ['01.511.01.0:code:1000']);
    assert.deepEqual(hits('1511010'), ['01.511.01.0:code:1000']);
    assert.deepEqual(hits('01'), ['01:code:1000']);
    assert.deepEqual(hits('99.999'), []);
    assert.deepEqual(codeHits('01', docs, new Set(['commune']), 10), []);
  });
});

describe('the exonym table', () => {
  it('holds the 18 entries, and not Anfa', () => {
    assert.equal(EXONYMS.length, 18);
    assert.ok(!EXONYMS.some((e) => normaliseName(e.name) === 'anfa'));
  });

  it('fails on a target no unit has and on a real unit name', () => {
    const units = [unit('01.511.01.0', 'commune', 'Tanger', 'tanger'), unit('07.211.01.05', 'commune', 'Essaouira', 'essaouira')];
    const violations = checkExonyms(units, [
      { name: 'Tanja', code: '01.511.01.0', origin: '' },
      { name: 'Mogador', code: '99.999.99.99', origin: '' },
      { name: 'Essaouira', code: '01.511.01.0', origin: '' },
    ]);
    assert.deepEqual(violations, [
      'exonym Mogador: no unit has code 99.999.99.99',
      'exonym Essaouira: already the name of commune 07.211.01.05 (Essaouira)',
    ]);
  });
});

describe('named places and postcodes (issue 13)', () => {
  const docs = buildSearchDocuments(
    [unit('04.421.01.01', 'arrondissement', 'Agdal Riyad', 'agdal-riyad'), unit('03.231.01.01', 'arrondissement', 'Agdal', 'agdal'), unit('01.234.56.78', 'commune', 'Codeville', 'codeville')],
    [],
    {
      neighbourhoods: [
        { name: { fr: 'Agdal', ar: 'أكدال' }, unitCode: '04.421.01.01' },
        { name: { fr: 'Hay Riad', ar: '' }, unitCode: '04.421.01.01', postcode: '10100' },
      ],
      postcodes: [{ postcode: '12345', communeCode: '04.421.01.01' }],
    },
  );
  const score = (q: string, i: number) => scoreDocument(prepareQuery(q), docs[i]!);

  it('scores a place 950 exact, 252-450 by the name it begins, 250 by a whole word, never above a unit’s own exact name', () => {
    assert.deepEqual({ ...score('Agdal', 0), place: undefined }, { score: 950, matched: 'neighbourhood', place: undefined });
    assert.deepEqual(score('Agdal', 1), { score: 1000, matched: 'exact' });
    assert.equal(score('أكدال', 0)?.score, 950);
    assert.equal(score('hay ri', 0)?.score, 448);
    assert.equal(score('riad', 0)?.score, 250);
    assert.equal(score('ha', 0), null, 'under 3 characters, no place match');
  });

  it('a five-digit query: code matches first, then the communes of the postcode, with the postcode', () => {
    docs[2]!.codeDigits = '012345';
    const hits = codeOrPostcodeHits('12345', docs, null, 10);
    assert.deepEqual(hits.map((h) => [h.code, h.matched, h.score, h.postcode]), [
      ['01.234.56.78', 'code', 1000, undefined],
      ['04.421.01.01', 'postcode', 950, '12345'],
    ]);
    assert.deepEqual(codeOrPostcodeHits('12345', docs, new Set(['commune']), 10).map((h) => h.code), ['01.234.56.78']);
  });
});
