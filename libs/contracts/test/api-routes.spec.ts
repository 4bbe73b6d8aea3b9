import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isGeometryFile, isIdentifierSpelling, missingChildDetail, requestPath, routeApiPath, serviceOfPath } from '../src/index.js';

describe('routeApiPath', () => {
  it('reads unit, child and page routes', () => {
    assert.deepEqual(routeApiPath('/api/communes/tanger'), { kind: 'unit', collection: 'communes', id: 'tanger' });
    assert.deepEqual(routeApiPath('/api/regions/01/provinces'), { kind: 'child', collection: 'regions', id: '01', child: 'provinces', file: 'provinces.json' });
    assert.deepEqual(routeApiPath('/api/communes/T%C3%A9touan'), { kind: 'unit', collection: 'communes', id: 'Tétouan' });
    assert.deepEqual(routeApiPath('/api/cercles/01.511.05/communes'), { kind: 'communes-of', collection: 'cercles', id: '01.511.05' });
    assert.deepEqual(routeApiPath('/api/regions'), { kind: 'bare', name: 'regions' });
  });

  it('tells missing files from paths that are no endpoint', () => {
    assert.equal(routeApiPath('/api/communes/tanger.json').kind, 'missing-file');
    assert.equal(routeApiPath('/api/nothing.json').kind, 'missing-file');
    assert.equal(routeApiPath('/api/communes/tanger/arrondissements').kind, 'child');
    assert.equal(routeApiPath('/api/regions/01/arrondissements').kind, 'not-an-endpoint');
    assert.equal(routeApiPath('/api/communes/01/communes').kind, 'not-an-endpoint');
    assert.equal(routeApiPath('/api/bananas/01').kind, 'not-an-endpoint');
    assert.equal(routeApiPath('/api/communes//x').kind, 'not-an-endpoint');
    assert.equal(routeApiPath('/elsewhere').kind, 'not-an-endpoint');
  });
});

describe('missingChildDetail', () => {
  it('says why a unit has no file of a family', () => {
    assert.equal(missingChildDetail('01.511', 'indicators'), 'the dataset has no census figures for 01.511');
    assert.equal(missingChildDetail('01.051.03.01', 'housing'), '01.051.03.01 has no urban dwellings, so no housing figures');
    assert.equal(missingChildDetail('01', 'economy'), 'the dataset has no establishment figures for 01');
  });
});

describe('serviceOfPath', () => {
  it('sends geometry files and their alias routes to geo, everything else to the catalog', () => {
    for (const path of ['/api/communes/01.511.01.0/boundary.geojson', '/api/communes/tanger/boundary', '/api/communes/tanger/neighbours', '/api/communes/01.511.01.0/neighbours.json', '/api/communes/01.511.01.0/arrondissements.geojson', '/api/tiles.json', '/api/tiles', '/api/tiles/3/557/396.json', '/api/regions/01/boundary']) {
      assert.equal(serviceOfPath(path), 'geo', path);
    }
    for (const path of ['/api/communes/tanger', '/api/communes/tanger/arrondissements', '/api/communes/01.511.01.0/arrondissements.json', '/api/regions/01/indicators', '/api/regions', '/api/nothing.json', '/api/regions/01/neighbours']) {
      assert.equal(serviceOfPath(path), 'catalog', path);
    }
    assert.equal(isGeometryFile('/api/communes/01.511.01.0.json'), false);
  });
});

describe('requestPath', () => {
  // The timeout only guards against a quadratic trim (a million slashes would take hours).
  it('drops the query and trailing slashes, and reads an absolute-form target as its path', { timeout: 5000 }, () => {
    assert.equal(requestPath('/api/regions/?page=2'), '/api/regions');
    assert.equal(requestPath('/api/regions///'), '/api/regions');
    assert.equal(requestPath('/'), '/');
    assert.equal(requestPath('http://example.org/api/regions.json?x=1'), '/api/regions.json');
    assert.equal(requestPath(`/api/${'/'.repeat(1_000_000)}`), '/api');
  });
});

describe('isIdentifierSpelling', () => {
  it('takes codes, slugs and names, and nothing else', () => {
    for (const ok of ['01', '01.511.01.0', '001511010', '1511010', 'tanger', 'Tétouan', 'ben-m-sick', "Ben M'sick", 'طنجة', 'sidi_bennour']) assert.equal(isIdentifierSpelling(ok), true, ok);
    for (const bad of ['tanger!!', 'tanger#', 'tanger\u0000', '-1', '+1', '1.', '.1', ' tanger', 'tanger/01', '', 'a'.repeat(201)]) assert.equal(isIdentifierSpelling(bad), false, JSON.stringify(bad));
  });
});
