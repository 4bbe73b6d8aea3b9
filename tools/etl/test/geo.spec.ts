import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DatasetInvalidError, runEtl } from '../src/index.js';
import { copyDataset, editJson, sharedBuild, tempDir } from './support.js';

const build = sharedBuild();
const read = (path: string) => JSON.parse(readFileSync(join(build.dir, 'static', path), 'utf8'));

function files(dir: string, suffix: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const path = join(d, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith(suffix)) out.push(path);
    }
  };
  walk(dir);
  return out;
}

/** Rings closed, 4 positions or more, finite coordinates around Morocco. */
function geometryProblems(geometry: { type: string; coordinates: any }): string[] {
  const polygons: number[][][][] = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
  if (polygons.length === 0) return [`type ${geometry.type}`];
  const problems: string[] = [];
  for (const polygon of polygons) {
    for (const ring of polygon) {
      if (ring.length < 4) problems.push('ring of fewer than 4 positions');
      const [first, last] = [ring[0]!, ring.at(-1)!];
      if (first[0] !== last[0] || first[1] !== last[1]) problems.push('open ring');
      if (ring.some(([x, y]) => !Number.isFinite(x) || !Number.isFinite(y) || x! < -18 || x! > 0 || y! < 20 || y! > 36.5)) problems.push('position off the map');
    }
  }
  return problems;
}

describe('geometry files of the build', () => {
  it('has a boundary for every commune but Sidi Mohamed Benmansour, and for every arrondissement, province and région', () => {
    const all = files(join(build.dir, 'static/api'), '.geojson').map((p) => p.slice(join(build.dir, 'static').length));
    assert.equal(all.filter((p) => /^\/api\/communes\/[^/]+\/boundary\.geojson$/.test(p)).length, 1502);
    assert.ok(!all.includes('/api/communes/04.281.05.11/boundary.geojson'));
    assert.equal(all.filter((p) => /^\/api\/arrondissements\/[^/]+\/boundary\.geojson$/.test(p)).length, 41);
    assert.equal(all.filter((p) => /^\/api\/regions\/[^/]+\/boundary\.geojson$/.test(p)).length, 12);
    assert.equal(all.filter((p) => /^\/api\/provinces\/[^/]+\/boundary\.geojson$/.test(p)).length, 83);
    assert.equal(all.filter((p) => /\/arrondissements\.geojson$/.test(p)).length, 6);
  });

  it('writes GeoJSON that parses, with valid geometry and its properties', () => {
    for (const path of files(join(build.dir, 'static/api'), '.geojson')) {
      const doc = JSON.parse(readFileSync(path, 'utf8'));
      const features = doc.type === 'FeatureCollection' ? doc.features : [doc];
      assert.ok(features.length > 0, path);
      for (const f of features) {
        assert.equal(f.type, 'Feature', path);
        assert.deepEqual(Object.keys(f.properties), ['code', 'level', 'nameFr', 'nameAr'], path);
        assert.deepEqual(geometryProblems(f.geometry), [], path);
      }
    }
  });

  it('cuts tiles whose features are valid and stay within their tile', () => {
    const index = read('/api/tiles.json');
    assert.ok(index.data.length > 100);
    for (const { z, x, y, bbox } of index.data) {
      const tile = read(`/api/tiles/${z}/${x}/${y}.json`);
      assert.deepEqual(tile.data.bbox, bbox);
      for (const f of tile.data.features) {
        assert.deepEqual(geometryProblems(f.geometry), [], `${z}/${x}/${y} ${f.properties.code}`);
        const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
        for (const ring of polygons.flat()) for (const [px, py] of ring) assert.ok(px >= bbox[0] - 1e-9 && px <= bbox[2] + 1e-9 && py >= bbox[1] - 1e-9 && py <= bbox[3] + 1e-9);
      }
    }
  });
});

describe('neighbours', () => {
  const communes: Array<{ code: string }> = [];
  for (let page = 1; page <= 31; page++) communes.push(...read(`/api/communes/page/${page}.json`).data);
  const lists = new Map(communes.map((c) => [c.code, read(`/api/communes/${c.code}/neighbours.json`).data as Array<{ code: string; km: number }>]));

  it('finds the 4,134 bordering pairs, symmetric, with the same length both ways', () => {
    let entries = 0;
    for (const [code, list] of lists) {
      for (const n of list) {
        entries++;
        const back = lists.get(n.code)!.find((m) => m.code === code);
        assert.ok(back, `${n.code} does not list ${code}`);
        assert.equal(back.km, n.km);
        assert.ok(n.km > 0);
      }
      for (let i = 1; i < list.length; i++) assert.ok(list[i - 1]!.km >= list[i]!.km, `${code} not longest first`);
    }
    assert.equal(entries, 2 * 4134);
  });

  it('connects all 1,502 bounded communes, and gives the unbounded one an empty list', () => {
    assert.deepEqual(lists.get('04.281.05.11'), []);
    const seen = new Set(['01.511.01.0']);
    const stack = ['01.511.01.0'];
    while (stack.length > 0) for (const n of lists.get(stack.pop()!)!) if (!seen.has(n.code)) seen.add(n.code), stack.push(n.code);
    assert.equal(seen.size, 1502);
  });

  it('crosses région borders (Tanger touches Ksar Sghir, in Fahs-Anjra)', () => {
    assert.ok(lists.get('01.511.01.0')!.some((n) => n.code === '01.227.05.05'));
    // A pair across two région files: Kénitra province (04) and Larache province (01).
    const crossing = [...lists].some(([code, list]) => code.startsWith('04.') && list.some((n) => n.code.startsWith('01.')));
    assert.ok(crossing);
  });
});

describe('geo checks on broken copies', () => {
  const violationsOf = (datasetDir: string) => {
    try {
      runEtl({ datasetDir, buildRoot: tempDir('mc-geo-broken-') });
    } catch (error) {
      if (error instanceof DatasetInvalidError) return error.violations;
      throw error;
    }
    return assert.fail('the ETL accepted a broken dataset');
  };

  it('fails an area more than 1% away from the boundary, naming the commune', () => {
    const dir = copyDataset();
    editJson(dir, 'communes.json', (rows) => {
      rows.find((r) => r.code === '01.511.01.01').areaKm2 = 40;
    });
    const violations = violationsOf(dir);
    assert.ok(violations.some((v) => v.startsWith('commune 01.511.01.01 (Assilah): boundary area 33.')), violations.join('\n'));
  });

  it('fails a centroid outside its boundary and a bbox that is not its bounds', () => {
    const dir = copyDataset();
    editJson(dir, 'communes.json', (rows) => {
      const assilah = rows.find((r) => r.code === '01.511.01.01');
      assilah.centroid = { lat: 35.0, lng: -5.0 };
      assilah.bbox = [-6, 35, -5, 36];
    });
    const violations = violationsOf(dir);
    assert.ok(violations.some((v) => v.startsWith('commune 01.511.01.01 (Assilah): centroid 35, -5 is outside its boundary')));
    assert.ok(violations.some((v) => v.startsWith('commune 01.511.01.01 (Assilah): bbox [-6, 35, -5, 36] is not')));
  });

  it('derives a missing centroid (inside) and bbox from the boundary', () => {
    const dir = copyDataset();
    editJson(dir, 'communes.json', (rows) => {
      const assilah = rows.find((r) => r.code === '01.511.01.01');
      assilah.centroid = null;
      assilah.bbox = null;
    });
    const derived = runEtl({ datasetDir: dir, buildRoot: tempDir('mc-geo-derived-') });
    const record = JSON.parse(readFileSync(join(derived.dir, 'static/api/communes/01.511.01.01.json'), 'utf8')).data;
    const original = read('/api/communes/01.511.01.01.json').data;
    assert.ok(record.centroid.lat > original.bbox[1] && record.centroid.lat < original.bbox[3]);
    record.bbox.forEach((v: number, i: number) => assert.ok(Math.abs(v - original.bbox[i]) < 1e-4));
    const pack = JSON.parse(readFileSync(join(derived.dir, 'geo-pack.json'), 'utf8'));
    assert.equal(pack.communes.find((c: { code: string }) => c.code === '01.511.01.01').centroid[1], record.centroid.lat);
  });

  it('fails a commune that lost its boundary', () => {
    const dir = copyDataset();
    const path = join(dir, 'geometry', '01.topojson');
    const topology = JSON.parse(readFileSync(path, 'utf8'));
    topology.objects.communes.geometries.find((g: { properties: { code: string } }) => g.properties.code === '015110101').properties.code = '015119999';
    writeFileSync(path, JSON.stringify(topology));
    const violations = violationsOf(dir);
    assert.ok(violations.includes('geometry/01.topojson: feature 015119999 is no commune of the attribute files'), violations.join('\n'));
    assert.ok(violations.includes('commune 01.511.01.01 (Assilah) has no boundary in geometry/01.topojson'), violations.join('\n'));
  });
});

describe('outlines', () => {
  it('dissolves a région into its outline, keeping the unbounded gap near Ifrane as a hole', () => {
    const region = read('/api/regions/03/boundary.geojson');
    assert.equal(region.geometry.type, 'Polygon');
    assert.equal(region.geometry.coordinates.length, 2);
  });

  it('winds rings as RFC 7946 asks: exteriors counter-clockwise, holes clockwise', () => {
    const signed = (ring: number[][]) => ring.reduce((sum, p, i) => (i === 0 ? 0 : sum + ring[i - 1]![0]! * p[1]! - p[0]! * ring[i - 1]![1]!), 0);
    for (const path of ['/api/regions/03/boundary.geojson', '/api/provinces/01.511/boundary.geojson', '/api/communes/01.511.01.0/boundary.geojson']) {
      const geometry = read(path).geometry;
      const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
      for (const polygon of polygons) polygon.forEach((ring: number[][], k: number) => assert.equal(signed(ring) > 0, k === 0, path));
    }
  });
});
