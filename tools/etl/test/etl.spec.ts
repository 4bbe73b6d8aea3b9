import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DatasetInvalidError, DatasetMissingError, parseCsv, runEtl } from '../src/index.js';
import { DATASET_DIR, copyDataset, editJson, sharedBuild, tempDir } from './support.js';

function treeDigest(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const path = join(d, entry);
      if (statSync(path).isDirectory()) walk(path);
      else out.set(path.slice(dir.length), createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(dir);
  return out;
}

const violationsOf = (datasetDir: string): string[] => {
  try {
    runEtl({ datasetDir, buildRoot: tempDir('mc-build-') });
  } catch (error) {
    if (error instanceof DatasetInvalidError) return error.violations;
    throw error;
  }
  assert.fail('the ETL accepted a broken dataset');
};

describe('ETL on the real dataset', () => {
  it('builds the unit tree, leaves it alone unless forced, and rebuilds it byte for byte', () => {
    const first = sharedBuild();
    assert.equal(first.datasetVersion, '1.10.0');
    const buildRoot = tempDir('mc-build-');
    const fresh = runEtl({ datasetDir: DATASET_DIR, buildRoot });
    assert.equal(fresh.skipped, false);
    assert.equal(runEtl({ datasetDir: DATASET_DIR, buildRoot }).skipped, true);
    const a = treeDigest(first.dir);
    assert.ok(a.size > 2300, `only ${a.size} files`);
    assert.deepEqual([...treeDigest(fresh.dir).entries()], [...a.entries()]);
    assert.equal(runEtl({ datasetDir: DATASET_DIR, buildRoot, force: true }).skipped, false);
    assert.deepEqual([...treeDigest(fresh.dir).entries()], [...a.entries()]);
    const tanger = JSON.parse(readFileSync(join(first.dir, 'static/api/communes/01.511.01.0.json'), 'utf8'));
    assert.equal(tanger.data.population['2024'].total, 1275428);
    assert.deepEqual(tanger.data.map, { relationId: 2758781, entityId: 'Q126148' });
    // Only the 6 divided cities have an arrondissements list (dataset 1.10.0, spec §4.6).
    const lists = [...a.keys()].filter((p) => /\/communes\/[^/]+\/arrondissements\.json$/.test(p));
    assert.equal(lists.length, 6);
  });

  it('names every static JSON file in its own links.self, with the dataset version', () => {
    const build = sharedBuild();
    const manifest = JSON.parse(readFileSync(join(build.dir, 'manifest.json'), 'utf8')) as { files: Record<string, { etag: string; bytes: number }> };
    const paths = Object.keys(manifest.files);
    assert.ok(paths.length > 8000, `${paths.length} files`);
    for (const path of paths.filter((p) => p.startsWith('/api/') && p.endsWith('.json') && p !== '/api/openapi.json')) {
      const body = JSON.parse(readFileSync(join(build.dir, 'static', path), 'utf8'));
      assert.deepEqual(Object.keys(body), ['data', 'meta', 'links'], path);
      assert.equal(body.links.self, path);
      assert.equal(body.meta.datasetVersion, '1.10.0', path);
      assert.ok('prev' in body.links && 'next' in body.links, path);
      assert.equal(manifest.files[path]!.etag, `"${createHash('sha256').update(readFileSync(join(build.dir, 'static', path))).digest('base64url')}"`, path);
    }
  });

  it('gives the commune without a boundary null geometry fields, never invented ones', () => {
    const build = sharedBuild();
    const record = JSON.parse(readFileSync(join(build.dir, 'static/api/communes/04.281.05.11.json'), 'utf8')).data;
    assert.equal(record.centroid, null);
    assert.equal(record.bbox, null);
    assert.equal(record.areaKm2, null);
    assert.equal(record.map, null);
    assert.equal(record.provenance.geometry, null);
  });
});

describe('ETL checks on broken copies of the dataset', () => {
  it('names a commune whose parent province does not exist', () => {
    const dir = copyDataset();
    editJson(dir, 'communes.json', (rows) => {
      rows.find((r) => r.code === '01.511.01.01').parents.province = '01.999';
    });
    const violations = violationsOf(dir);
    assert.ok(violations.some((v) => v.includes('01.511.01.01 (Assilah)') && v.includes('parents.province 01.999 does not exist')), violations.join('\n'));
  });

  it('names a parent of the wrong level', () => {
    const dir = copyDataset();
    editJson(dir, 'cercles.json', (rows) => {
      rows.find((r) => r.code === '01.511.05').provinceCode = '01';
    });
    const violations = violationsOf(dir);
    assert.ok(violations.some((v) => v.startsWith('cercles.json: 01.511.05 (Tanger): provinceCode 01 is a region, not a province')), violations.join('\n'));
  });

  it('names both records of a duplicated code', () => {
    const dir = copyDataset();
    editJson(dir, 'communes.json', (rows) => {
      rows.find((r) => r.code === '01.511.01.01').code = '01.511.01.0';
    });
    const violations = violationsOf(dir);
    assert.ok(
      violations.some((v) => v.includes('01.511.01.0 (Assilah): duplicated code, already used by communes.json: 01.511.01.0 (Tanger)')),
      violations.join('\n'),
    );
  });

  it('checks codeDigits against the code and the counts', () => {
    const dir = copyDataset();
    editJson(dir, 'arrondissements.json', (rows) => {
      rows.find((r) => r.code === '01.511.01.05').codeDigits = '15110105';
      rows.pop();
    });
    const violations = violationsOf(dir);
    assert.ok(violations.some((v) => v.includes('01.511.01.05 (Mghogha): codeDigits 15110105 does not agree with code (expected 015110105)')));
    assert.ok(violations.includes('arrondissements.json: 40 records, expected 41'));
  });

  it('fails clearly when DATASET_DIR points nowhere', () => {
    assert.throws(
      () => runEtl({ datasetDir: '/nonexistent/v1', buildRoot: tempDir('mc-build-') }),
      (e: unknown) => e instanceof DatasetMissingError && /set DATASET_DIR/.test(e.message),
    );
  });
});

describe('CSV reading', () => {
  it('strips the byte-order mark and reads quoted fields', () => {
    const rows = parseCsv('\uFEFFcode,name_fr\n01,"Tanger-Tétouan, ""Al"" Hoceima"\n');
    assert.deepEqual(rows, [{ code: '01', name_fr: 'Tanger-Tétouan, "Al" Hoceima' }]);
  });

  it('agrees with the JSON attribute files on the real dataset', () => {
    const dir = copyDataset();
    const path = join(dir, 'attributes', 'communes.csv');
    writeFileSync(path, readFileSync(path, 'utf8').replace('01.511.01.0,001511010,tanger,Tanger,طنجة,urban,01,01.511,,1275428', '01.511.01.0,001511010,tanger,Tanger,طنجة,urban,01,01.511,,1275429'));
    const violations = violationsOf(dir);
    assert.ok(violations.some((v) => v.startsWith('communes.csv: 01.511.01.0 (Tanger): population_2024 is "1275429"')), violations.join('\n'));
  });
});
