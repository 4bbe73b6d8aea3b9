import assert from 'node:assert/strict';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CensusCsvError, formatCoverage, indicatorRecordsFromCsv, readCensusCsv, runEtl, type Coverage } from '../src/index.js';
import { DATASET_DIR, copyDataset, sharedBuild, tempDir } from './support.js';

const read = (file: string) => readFileSync(join(DATASET_DIR, file), 'utf8');
const catalogue2024 = JSON.parse(read('indicators/fields.json'));
const catalogue2014 = JSON.parse(read('indicators/2014/fields.json'));
const table = (dir: string, part: 'people' | 'households', catalogue: any) => readCensusCsv(`${dir}/${part}.csv`, read(`${dir}/${part}.csv`), part, catalogue[part]);

/** Every census record the real CSVs hold, by code ('country' for the country). */
function recordsFromCsv(dir: string, catalogue: any): Map<string, any> {
  const records = indicatorRecordsFromCsv(table(dir, 'people', catalogue), table(dir, 'households', catalogue));
  return new Map(records.map((r) => [r.code ?? 'country', r]));
}

/** A record without the topics `drop` names, at any depth. */
function without(value: any, drop: ReadonlySet<string>): any {
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !drop.has(k)).map(([k, v]) => [k, without(v, drop)]));
}

const csv2024 = recordsFromCsv('indicators', catalogue2024);

describe('the real 2024 people.csv and households.csv', () => {
  it('give every unit of every level a record, and urban centres with their commune', () => {
    const levels = new Map<string, number>();
    for (const r of csv2024.values()) levels.set(r.level, (levels.get(r.level) ?? 0) + 1);
    assert.deepEqual(Object.fromEntries(levels), { country: 1, region: 12, province: 83, cercle: 213, commune: 1503, arrondissement: 41, urbanCentre: 164 });
    const darChaoui = csv2024.get('01.511.05.07.3');
    assert.equal(darChaoui.communeCode, '01.511.05.07');
    assert.equal(darChaoui.people.total.all.population.legal, 1494);
  });

  it('equal the JSON records of the régions, the arrondissements and the communes of régions 10–12, but for commute', () => {
    const drop = new Set(['commute']);
    const files = ['regions.json', 'arrondissements.json', ...readdirSync(join(DATASET_DIR, 'indicators/communes')).map((f) => `communes/${f}`)];
    let compared = 0;
    for (const file of files) {
      for (const json of JSON.parse(read(`indicators/${file}`)) as any[]) {
        const rebuilt = csv2024.get(json.code);
        assert.ok(rebuilt, `${file} ${json.code} has no CSV record`);
        assert.deepEqual([rebuilt.code, rebuilt.codeDigits, rebuilt.level, rebuilt.fromLocalAdministration], [json.code, json.codeDigits, json.level, json.fromLocalAdministration], json.code);
        assert.deepEqual(rebuilt.people, without(json.people, drop), `${json.code} people`);
        assert.deepEqual(rebuilt.households, json.households, `${json.code} households`);
        assert.deepEqual(rebuilt.missingTopics, ['commute']);
        compared += 1;
      }
    }
    assert.equal(compared, 12 + 41 + 20 + 53 + 13);
  });

  it('mark the four communes whose figures came from the local administration, and no other unit', () => {
    const marked = [...csv2024.values()].filter((r) => r.fromLocalAdministration).map((r) => r.code).sort();
    assert.deepEqual(marked, ['12.066.01.03', '12.066.03.03', '12.066.03.09', '12.391.05.05']);
  });
});

describe('the real 2014 census CSVs', () => {
  const csv2014 = recordsFromCsv('indicators/2014', catalogue2014);

  it('agree with every value of the 2014 JSON files they share', () => {
    let shared = 0;
    const compare = (json: any, rebuilt: any, where: string) => {
      if (json === null || typeof json !== 'object') {
        assert.equal(rebuilt, json, where);
        shared += 1;
        return;
      }
      if (rebuilt === null) return assert.ok(Object.values(json).every((v) => v === null || typeof v === 'object'), `${where}: the CSV has no such block`);
      for (const [key, value] of Object.entries(json)) if (rebuilt[key] !== undefined) compare(value, rebuilt[key], `${where}.${key}`);
    };
    for (const file of ['national.json', 'regions.json', 'communes/12.json']) {
      const parsed = JSON.parse(read(`indicators/2014/${file}`));
      for (const json of Array.isArray(parsed) ? parsed : [parsed]) {
        const rebuilt = csv2014.get(json.code ?? 'country');
        assert.ok(rebuilt, `${file} ${json.code}`);
        compare(json.people, rebuilt.people, `${json.code}.people`);
        compare(json.households, rebuilt.households, `${json.code}.households`);
      }
    }
    assert.equal(shared, 12358, 'values compared');
  });

  it("hold each commune's 2014 population as its attribute record does; the four 'pm' communes read 0", () => {
    const communes = JSON.parse(read('attributes/communes.json')) as any[];
    for (const commune of communes) {
      const rebuilt = csv2014.get(commune.code);
      const total = commune.population['2014']?.total;
      if (commune.code.endsWith('.0')) assert.equal(rebuilt, undefined, `${commune.code} was counted by arrondissement in 2014`);
      else if (total === null) assert.equal(rebuilt.people.total.all.population.legal, 0, commune.code);
      else assert.equal(rebuilt.people.total.all.population.legal, total, commune.code);
    }
  });
});

describe('reading a census CSV it cannot read', () => {
  const header = read('indicators/households.csv').split('\n')[0]!;
  const rows = read('indicators/households.csv').split('\n').slice(1, 4);
  const attempt = (text: string) => {
    try {
      readCensusCsv('indicators/households.csv', text, 'households', catalogue2024.households);
    } catch (error) {
      assert.ok(error instanceof CensusCsvError, String(error));
      assert.ok(!error.message.includes('\n'), error.message);
      return error.message;
    }
    return assert.fail('the reader accepted a broken file');
  };

  it('names the file, the line and the column of a value that is not a number', () => {
    const broken = rows[1]!.replace(',urban,22921202,', ',urban,22 921 202,');
    assert.equal(attempt([header, rows[0], broken].join('\n')), 'indicators/households.csv line 3, column 6 (households_municipal_population): "22 921 202" is not a number');
  });

  it('names an unknown level or area, a short row, a repeated row and an unknown column', () => {
    assert.match(attempt([header, rows[0]!.replace(',country,', ',nation,')].join('\n')), /^indicators\/households\.csv line 2, column 3 \(level\): "nation" is not one of country, region/);
    assert.match(attempt([header, rows[0]!.replace(',total,', ',all,')].join('\n')), /line 2, column 5 \(area\): "all" is not one of total, urban, rural$/);
    assert.match(attempt([header, rows[0]!.replace(/,[^,]*$/, '')].join('\n')), /^indicators\/households\.csv line 2: .*/);
    assert.equal(attempt([header, rows[0], rows[0]].join('\n')), 'indicators/households.csv line 3: the country total is already on line 2');
    assert.equal(attempt([`${header},households_pets`, `${rows[0]},1`].join('\n')), `indicators/households.csv line 1, column ${header.split(',').length + 1} (households_pets): not an identity column and not a households column of the field catalogue`);
    assert.equal(attempt(header.replace('area,', '') + '\n'), 'indicators/households.csv line 1: the header has no area column');
  });

  it('takes the signs of HCP tables and empty cells as null, and keeps a from_local_administration column when there is one', () => {
    const withFlag = `${header},from_local_administration\n${rows[0]!.replace(',36490591,', ',…,')},true`;
    const parsed = readCensusCsv('households.csv', withFlag, 'households', catalogue2024.households);
    assert.equal(parsed.rows[0]!.values.get('households_municipal_population'), null);
    assert.equal(parsed.rows[0]!.fromLocalAdministration, true);
  });

  it('stops the ETL with that one line', () => {
    const dir = copyDataset();
    const path = join(dir, 'indicators/people.csv');
    writeFileSync(path, readFileSync(path, 'utf8').replace(/\n(01,01,region,[^,]*,total,all,)(\d+),/, '\n$1x$2,'));
    assert.throws(() => runEtl({ datasetDir: dir, buildRoot: tempDir('mc-csv-') }), (error: Error) => {
      assert.ok(error instanceof CensusCsvError);
      assert.match(error.message, /^indicators\/people\.csv line \d+, column 7 \(population_legal\): "x\d+" is not a number$/);
      return true;
    });
  });
});

describe('the built census records', () => {
  const build = sharedBuild();
  const units = JSON.parse(readFileSync(join(build.dir, 'units.json'), 'utf8')).units as Array<{ code: string; level: string }>;
  const COLLECTION: Record<string, string> = { region: 'regions', province: 'provinces', cercle: 'cercles', commune: 'communes', arrondissement: 'arrondissements' };
  const attributes = new Map<string, number>();
  for (const collection of Object.values(COLLECTION)) {
    for (const r of JSON.parse(read(`attributes/${collection}.json`)) as any[]) attributes.set(r.code, r.population['2024'].total);
  }
  const recordOf = (level: string, code: string) => JSON.parse(readFileSync(join(build.dir, 'static/api', COLLECTION[level]!, code, 'indicators.json'), 'utf8')).data;

  it('exist for every unit of every level, with the legal population of its attribute record', () => {
    assert.equal(units.length, 1852);
    for (const unit of units) assert.equal(recordOf(unit.level, unit.code).people.total.all.population.legal, attributes.get(unit.code), unit.code);
  });

  it('give a CSV-built province its 2014 block and say which topics its sources lack', () => {
    const tanger = recordOf('province', '01.511');
    assert.equal(tanger.people.total.all.population.legal, 1494413);
    assert.deepEqual(tanger.missingTopics, ['commute']);
    assert.equal(tanger['2014'].people.total.all.population.legal, 1065601);
    assert.ok(tanger['2014'].missingTopics.includes('workplace'));
    assert.equal(tanger.people.total.all.commute, undefined);
    // A JSON-built commune keeps its commute figures and claims nothing missing.
    const dakhla = recordOf('commune', '12.391.01.01');
    assert.equal(dakhla.missingTopics, undefined);
    assert.equal(dakhla.people.total.all.commute.walking, 33);
  });

  it("list a commune's urban centres with their figures, and every cercle in the comparison file", () => {
    const commune = recordOf('commune', '01.511.05.07');
    assert.deepEqual(commune.urbanCentres.map((c: any) => [c.code, c.level, c.name.fr, c.people.total.all.population.legal]), [['01.511.05.07.3', 'urbanCentre', 'Dar Chaoui', 1494]]);
    const centres = units.filter((u) => u.level === 'commune').flatMap((u) => recordOf('commune', u.code).urbanCentres);
    assert.equal(centres.length, 164);
    const cercles = JSON.parse(readFileSync(join(build.dir, 'static/api/cercles/indicators.json'), 'utf8'));
    assert.equal(cercles.meta.total, 213);
  });

  it('report their coverage in the build, and the README shows that report', () => {
    const coverage = JSON.parse(readFileSync(join(build.dir, 'coverage.json'), 'utf8')) as Coverage;
    assert.deepEqual(coverage.records.indicators, { country: 1, region: 12, province: 83, cercle: 213, commune: 1503, arrondissement: 41 });
    assert.equal(coverage.records.indicators2014.commune, 1497);
    assert.equal(coverage.records.housing.commune, 380);
    const readme = readFileSync('README.md', 'utf8');
    const section = readme.slice(readme.indexOf('<!-- coverage:begin -->'), readme.indexOf('<!-- coverage:end -->'));
    assert.ok(section.includes(formatCoverage(coverage).join('\n')), 'README.md is stale: run npm run readme:coverage');
  });
});

describe('a dataset with one census only', () => {
  it('builds without 2014 figures when indicators/2014 is absent', () => {
    const dir = copyDataset();
    rmSync(join(dir, 'indicators/2014'), { recursive: true });
    // The 2014 catalogue is served verbatim, so it stays; only the figures go.
    const build = runEtl({ datasetDir: dir, buildRoot: tempDir('mc-one-census-'), log: () => undefined });
    const record = JSON.parse(readFileSync(join(build.dir, 'static/api/provinces/01.511/indicators.json'), 'utf8')).data;
    assert.equal('2014' in record, false);
    assert.equal(record.people.total.all.population.legal, 1494413);
  });
});
