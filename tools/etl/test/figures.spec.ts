import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DatasetInvalidError, runEtl } from '../src/index.js';
import { copyDataset, tempDir } from './support.js';


const violationsOf = (dir: string) => {
  try {
    runEtl({ datasetDir: dir, buildRoot: tempDir('mc-fig-') });
  } catch (error) {
    if (error instanceof DatasetInvalidError) return error.violations;
    throw error;
  }
  return assert.fail('the ETL accepted a broken dataset');
};

const editCsv = (dir: string, file: string, edit: (text: string) => string) => {
  const path = join(dir, file);
  writeFileSync(path, edit(readFileSync(path, 'utf8')));
};

describe('figure checks on broken copies', () => {
  it('fails an establishment split that does not sum to the businesses', () => {
    const dir = copyDataset();
    editCsv(dir, 'economy/establishments.csv', (t) => t.replace('01,01,region,Tanger-Tétouan-Al Hoceima,hcp,145036,17293,3090,101,124653,501547,16618,', '01,01,region,Tanger-Tétouan-Al Hoceima,hcp,145036,17293,3090,101,124653,501547,16619,'));
    assert.ok(violationsOf(dir).includes('economy/establishments.csv: 01: sector sums to 124654, not to its 124653 businesses'));
  });

  it("fails a divided city whose figures are not its arrondissements' sum", () => {
    const dir = copyDataset();
    editCsv(dir, 'economy/establishments.csv', (t) => t.replace(/^(01\.511\.01\.0,[^,]*,commune,[^,]*,arrondissement_sum,)(\d+),(\d+)/m, (_m, head, total, pub) => `${head}${Number(total) + 1},${Number(pub) + 1}`));
    const violations = violationsOf(dir);
    assert.ok(violations.some((v) => v.startsWith('economy/establishments.csv: 01.511.01.0 establishments.total is')), violations.join('\n'));
  });

  it('fails housing shares far from 100 and figures for units that do not exist', () => {
    const dir = copyDataset();
    editCsv(dir, 'housing/dwellings.csv', (t) => t.replace(',,country,Maroc,8336782,71.1,', ',,country,Maroc,8336782,81.1,'));
    editCsv(dir, 'economy/establishments.csv', (t) => t.replace('\n01,01,region,', '\n99,99,region,'));
    const violations = violationsOf(dir);
    assert.ok(violations.includes('housing/dwellings.csv: country: occupied + unoccupied sums to 110.0%, not about 100'), violations.join('\n'));
    assert.ok(violations.includes('economy/establishments.csv: 99 is no unit of the attribute files'), violations.join('\n'));
  });
});
