// The douars of the 2024 census (issue 14), from the real douars/douars.csv.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readSearchDocuments, readUnitIndex } from '@mc/contracts';
import { runEtl } from '../src/index.js';
import { DouarsInvalidError, douarPopulationBound, readDouars, type DouarRecord } from '../src/douars/douars.js';
import { DATASET_DIR, copyDataset, sharedBuild, tempDir } from './support.js';

const units = () => readUnitIndex(sharedBuild().dir).units;
const communeFile = (code: string) => JSON.parse(readFileSync(join(sharedBuild().dir, `static/api/communes/${code}/douars.json`), 'utf8'));

describe('douars in the build', () => {
  it('every commune has its list: 33,189 douars in 1,279 communes, by code', () => {
    const byCommune = readDouars(DATASET_DIR, units(), () => null)!;
    assert.equal(byCommune.size, 1279);
    assert.equal([...byCommune.values()].reduce((n, list) => n + list.length, 0), 33189);
    const file = communeFile('01.051.03.01');
    assert.equal(file.meta.total, 25);
    assert.equal(file.data.reduce((n: number, d: DouarRecord) => n + (d.population ?? 0), 0), 8387);
    assert.equal(file.data.reduce((n: number, d: DouarRecord) => n + (d.households ?? 0), 0), 2083);
    const codes = file.data.map((d: DouarRecord) => d.code);
    assert.deepEqual(codes, [...codes].sort());
  });

  it('a douar as census records are grouped, with null where the file publishes nothing', () => {
    const [first, ...rest] = communeFile('01.051.03.01').data as DouarRecord[];
    assert.deepEqual(
      { code: first!.code, name: first!.name, fraction: first!.fraction, type: first!.type, households: first!.households, population: first!.population },
      { code: '0510301201001', name: { ar: 'اجنانات' }, fraction: { code: '0510301201', ar: 'السواحل' }, type: 'split', households: 116, population: 415 },
    );
    assert.deepEqual(first!.shares.sex, { male: 46.3, female: 53.7 });
    assert.equal(first!.distancesKm.healthCentre, 4.32);
    const unpublished = rest.find((d) => d.code === '0510301201011')!;
    assert.equal(unpublished.population, 89);
    assert.deepEqual(unpublished.shares.sex, { male: null, female: null }, 'not an invented zero');
    assert.equal(unpublished.distancesKm.primarySchool, null);
  });

  it('an urban commune has an empty list', () => {
    const tanger = communeFile('01.511.01.0');
    assert.deepEqual([tanger.data, tanger.meta.total], [[], 0]);
  });

  it('stops on a douar code twice, an unknown commune, or douars more populous than their commune, naming file and line', () => {
    const csvOf = (dir: string) => join(dir, 'douars/douars.csv');
    const edit = (change: (lines: string[]) => void) => {
      const dir = copyDataset();
      const lines = readFileSync(csvOf(dir), 'utf8').split('\n');
      change(lines);
      writeFileSync(csvOf(dir), lines.join('\n'));
      return dir;
    };
    const twice = edit((lines) => (lines[3] = lines[3]!.replace(/^\d+/, lines[2]!.split(',')[0]!)));
    assert.throws(() => readDouars(twice, units(), () => null), (e: Error) => e instanceof DouarsInvalidError && /douars\.csv line 4: douar 0510301201002 appears twice/.test(e.message));
    const unknown = edit((lines) => (lines[5] = lines[5]!.replace('01.051.03.01', '01.051.03.99')));
    assert.throws(() => readDouars(unknown, units(), () => null), /line 6: commune 01\.051\.03\.99 of douar \d+ is not a commune of the dataset/);
    assert.throws(() => readDouars(DATASET_DIR, units(), (code) => (code === '01.051.03.01' ? { people: 8000, what: 'rural municipal population' } : null)), /the douars of commune 01\.051\.03\.01 hold 8387 people, more than its rural municipal population of 8000/);
  });

  it('stops on a douar whose code is not its commune’s or fraction’s digits, since a code alone must find its douar', () => {
    const dir = copyDataset();
    const file = join(dir, 'douars/douars.csv');
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[1] = lines[1]!.replace(',01.051.03.01,', ',01.051.03.03,');
    writeFileSync(file, lines.join('\n'));
    assert.throws(() => readDouars(dir, units(), () => null), /line 2: douar 0510301201001 does not begin with the digits of its commune 01\.051\.03\.03 \(0510303\)/);
  });

  it('holds a commune’s douars to its rural municipal population (people.csv): Bni Boufrah’s 8,387 exactly, not one more', () => {
    const indicators = (code: string) => JSON.parse(readFileSync(join(sharedBuild().dir, `static/api/communes/${code}/indicators.json`), 'utf8'));
    const bound = douarPopulationBound(indicators('01.051.03.01'), 8401);
    assert.deepEqual(bound, { people: 8387, what: 'rural municipal population' });
    assert.equal(douarPopulationBound(indicators('01.511.01.0'), 1275428)?.people, 0, 'Tanger has no rural population');
    assert.deepEqual(douarPopulationBound(undefined, 100), { people: 100, what: 'total population' }, 'without a census record, the total');
    const dir = copyDataset();
    const file = join(dir, 'douars/douars.csv');
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[1] = lines[1]!.replace(',116,415,', ',116,416,');
    writeFileSync(file, lines.join('\n'));
    const boundOf = (code: string) => (code === '01.051.03.01' ? bound : null);
    assert.equal(readDouars(DATASET_DIR, units(), boundOf)!.get('01.051.03.01')!.length, 25);
    assert.throws(() => readDouars(dir, units(), boundOf), /the douars of commune 01\.051\.03\.01 hold 8388 people, more than its rural municipal population of 8387/);
  });
});

describe('the douar field catalogue', () => {
  it('/data/v1/douars/fields.json names every column of the file, with the record path it becomes', () => {
    const catalogue = JSON.parse(readFileSync(join(sharedBuild().dir, 'static/data/v1/douars/fields.json'), 'utf8'));
    const header = readFileSync(join(DATASET_DIR, 'douars/douars.csv'), 'utf8').split('\n')[0]!.trim().split(',');
    assert.deepEqual(catalogue.fields.map((f: { column: string }) => f.column), header);
    assert.equal(catalogue.source.id, 'hcp-2024-douars');
    const [douar] = communeFile('01.051.03.01').data;
    const at = (path: string) => path.split('.').reduce((value: any, key) => value?.[key], douar);
    for (const field of catalogue.fields) assert.notEqual(at(field.path), undefined, field.path);
    assert.deepEqual(catalogue.fields.find((f: { column: string }) => f.column === 'distance_km_health_centre'), { column: 'distance_km_health_centre', path: 'distancesKm.healthCentre', label: 'Distance to the nearest health centre', unit: 'km' });
  });
});

describe('a dataset without douars', () => {
  it('builds as before: no douar files, no douars in search', () => {
    const dir = copyDataset();
    rmSync(join(dir, 'douars/douars.csv'));
    const build = runEtl({ datasetDir: dir, buildRoot: tempDir('mc-no-douars-'), log: () => undefined });
    assert.equal(existsSync(join(build.dir, 'static/api/communes/01.051.03.01/douars.json')), false);
    assert.equal(existsSync(join(build.dir, 'static/data/v1/douars/fields.json')), false);
    assert.equal(existsSync(join(build.dir, 'static/api/communes/01.051.03.01.json')), true);
    assert.ok(readSearchDocuments(build.dir).documents.every((d) => d.douars === undefined));
  });
});
