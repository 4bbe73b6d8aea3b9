import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normaliseName, slugify } from '../src/index.js';

describe('normaliseName', () => {
  it('folds French accents and case', () => {
    assert.equal(normaliseName('Tétouan'), 'tetouan');
    assert.equal(normaliseName('LAÂYOUNE'), 'laayoune');
    assert.equal(normaliseName('Fès'), 'fes');
  });

  it('folds Arabic vowel marks, tatweel, ta marbuta, alef maqsura and hamza carriers', () => {
    assert.equal(normaliseName('طَنــْجَة'), normaliseName('طنجة'));
    assert.equal(normaliseName('طنجة'), 'طنجه');
    assert.equal(normaliseName('مصلى'), 'مصلي');
    assert.equal(normaliseName('أصيلة'), 'اصيله');
    assert.equal(normaliseName('سماء'), 'سما');
  });

  it('turns separators into single spaces and drops other punctuation', () => {
    assert.equal(normaliseName("Souk L'qolla"), 'souk l qolla');
    assert.equal(normaliseName('Méchouar-Fès-El Jadid'), 'mechouar fes el jadid');
    assert.equal(normaliseName('  Aïn   Chock (Casa)  '), 'ain chock casa');
    assert.equal(normaliseName('!!!'), '');
  });
});

describe('slugify', () => {
  it('spells the dataset slugs of real communes', () => {
    assert.equal(slugify('Tanger'), 'tanger');
    assert.equal(slugify("M'diq"), 'm-diq');
    assert.equal(slugify('Méchouar de Casablanca'), 'mechouar-de-casablanca');
    assert.equal(slugify('Tanger-Tétouan-Al Hoceima'), 'tanger-tetouan-al-hoceima');
  });
});
