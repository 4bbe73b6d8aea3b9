import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codeDigitsOf, createResolver, unpaddedDigits, type UnitIndexEntry } from '../src/index.js';

// Real units of dataset 1.10.0 that share spellings across levels.
const units: UnitIndexEntry[] = [
  { code: '01', codeDigits: '01', level: 'region', slug: 'tanger-tetouan-al-hoceima', name: { fr: 'Tanger-Tétouan-Al Hoceima', ar: null } },
  { code: '01.511', codeDigits: '01511', level: 'province', slug: 'tanger-assilah', name: { fr: 'Tanger-Assilah', ar: null } },
  { code: '01.511.05', codeDigits: '0151105', level: 'cercle', slug: 'tanger', name: { fr: 'Tanger', ar: null } },
  { code: '01.511.01.0', codeDigits: '001511010', level: 'commune', slug: 'tanger', name: { fr: 'Tanger', ar: null } },
  { code: '01.511.01.05', codeDigits: '015110105', level: 'arrondissement', slug: 'mghogha', name: { fr: 'Mghogha', ar: null } },
  { code: '09.581.01.07', codeDigits: '095810107', level: 'commune', slug: 'tiznit', name: { fr: 'Tiznit', ar: null } },
  { code: '09.581', codeDigits: '09581', level: 'province', slug: 'tiznit', name: { fr: 'Tiznit', ar: null } },
  { code: '06.141.01.00', codeDigits: '061410100', level: 'province', slug: 'casablanca-anfa', name: { fr: 'Casablanca-Anfa', ar: null } },
];
const resolver = createResolver(units);
const codeOf = (raw: string, preferred?: UnitIndexEntry['level']) => {
  const r = resolver.resolve(raw, preferred);
  return r.kind === 'found' ? `${r.unit.level}:${r.unit.code}` : r.kind;
};

describe('codeDigitsOf', () => {
  it('pads communes and arrondissements to 9 digits and keeps other levels as they are', () => {
    assert.equal(codeDigitsOf('01.511.01.0', 'commune'), '001511010');
    assert.equal(codeDigitsOf('01.511.01.01', 'commune'), '015110101');
    assert.equal(codeDigitsOf('01.511', 'province'), '01511');
    assert.equal(codeDigitsOf('06.141.01.00', 'province'), '061410100');
    assert.equal(codeDigitsOf('01', 'region'), '01');
    assert.equal(unpaddedDigits('001511010'), '1511010');
  });
});

describe('createResolver', () => {
  it('resolves Tanger from the four spellings', () => {
    for (const raw of ['01.511.01.0', '001511010', '1511010', 'tanger']) assert.equal(codeOf(raw), 'commune:01.511.01.0', raw);
  });

  it('folds a typed name to its slug', () => {
    assert.equal(codeOf('Tanger'), 'commune:01.511.01.0');
    assert.equal(codeOf('TIZNIT'), 'commune:09.581.01.07');
  });

  it('lets a commune win a shared slug, unless the collection prefers another level', () => {
    assert.equal(codeOf('tiznit'), 'commune:09.581.01.07');
    assert.equal(codeOf('tiznit', 'province'), 'province:09.581');
    assert.equal(codeOf('tanger', 'cercle'), 'cercle:01.511.05');
    assert.equal(codeOf('tanger', 'region'), 'commune:01.511.01.0');
  });

  it('reads level from the data, not from the code shape', () => {
    assert.equal(codeOf('01.511.01.05'), 'arrondissement:01.511.01.05');
    assert.equal(codeOf('06.141.01.00'), 'province:06.141.01.00');
    assert.equal(codeOf('1'), 'region:01');
  });

  it('tells absent identifiers from unreadable ones', () => {
    assert.equal(codeOf('99.999.99.99'), 'absent');
    assert.equal(codeOf('banana'), 'absent');
    assert.equal(codeOf('../../etc/passwd'), 'malformed');
    assert.equal(codeOf('tanger!!'), 'malformed', 'junk around a slug does not fold into it');
    assert.equal(codeOf('!!!'), 'malformed');
    assert.equal(codeOf('   '), 'malformed');
  });
});
