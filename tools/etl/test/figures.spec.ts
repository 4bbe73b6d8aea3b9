import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DatasetInvalidError, runEtl } from '../src/index.js';
import { DATASET_DIR, copyDataset, tempDir } from './support.js';


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

  it('reports coverage of every family and level', () => {
    const lines: string[] = [];
    runEtl({ datasetDir: DATASET_DIR, buildRoot: tempDir('mc-fig-'), log: (l) => lines.push(l) });
    assert.ok(lines.some((l) => l.includes('indicators: country 1/1, region 12/12, province 0/83, cercle 0/213, commune 86/1503, arrondissement 41/41')), lines.join('\n'));
    assert.ok(lines.some((l) => l.includes('housing: country 1/1, region 12/12, province 83/83, cercle 103/213, commune 380/1503, arrondissement 41/41')));
  });
});

describe('census indicators from people.csv and households.csv', () => {
  it('rebuilds the same records as the JSON files, for units only the CSVs hold', () => {
    const dir = copyDataset();
    const catalogue = JSON.parse(readFileSync(join(dir, 'indicators/fields.json'), 'utf8'));
    const regions = JSON.parse(readFileSync(join(dir, 'indicators/regions.json'), 'utf8')) as any[];
    // Flatten the JSON records as the upstream CSVs are laid out: one column per catalogue field.
    type Field = { topic: string; key: string; column: string };
    const areas = (r: any, part: 'people' | 'households') =>
      ['total', 'urban', 'rural'].flatMap((a) => (part === 'households' ? [r[part][a]] : ['all', 'male', 'female'].map((x) => r[part][a]?.[x])));
    const present = (part: 'people' | 'households') =>
      (catalogue[part] as Field[]).filter((f) => regions.some((r) => areas(r, part).some((v) => v?.[f.topic]?.[f.key] !== undefined)));
    const quote = (v: unknown) => `"${String(v ?? '').replace(/"/g, '""')}"`;
    const head = ['code', 'code_digits', 'level', 'name_fr', 'name_ar', 'area', 'sex', 'from_local_administration'];
    const peopleFields = present('people');
    const householdFields = present('households');
    const peopleRows = [[...head, ...peopleFields.map((f) => f.column)].join(',')];
    const householdRows = [[...head.filter((h) => h !== 'sex'), ...householdFields.map((f) => f.column)].join(',')];
    for (const r of regions) {
      const id = [r.code, r.codeDigits, r.level, r.name.fr, r.name.ar];
      for (const area of ['total', 'urban', 'rural']) {
        for (const sex of ['all', 'male', 'female']) {
          const bySex = r.people[area]?.[sex];
          if (bySex) peopleRows.push([...id, area, sex, r.fromLocalAdministration, ...peopleFields.map((f) => bySex[f.topic]?.[f.key])].map(quote).join(','));
        }
        const h = r.households[area];
        if (h) householdRows.push([...id, area, r.fromLocalAdministration, ...householdFields.map((f) => h[f.topic]?.[f.key])].map(quote).join(','));
      }
    }
    writeFileSync(join(dir, 'indicators/people.csv'), `\uFEFF${peopleRows.join('\n')}\n`);
    writeFileSync(join(dir, 'indicators/households.csv'), `\uFEFF${householdRows.join('\n')}\n`);
    rmSync(join(dir, 'indicators/regions.json'));

    const build = runEtl({ datasetDir: dir, buildRoot: tempDir('mc-fig-csv-') });
    for (const original of regions) {
      const rebuilt = JSON.parse(readFileSync(join(build.dir, `static/api/regions/${original.code}/indicators.json`), 'utf8')).data;
      assert.deepEqual(rebuilt.people, original.people, original.code);
      assert.deepEqual(rebuilt.households, original.households, original.code);
      assert.equal(rebuilt.name.ar, original.name.ar);
    }
  });
});
