/** The geo service over the real pack, without HTTP. */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { area } from '@turf/turf';
import polylabel from 'polylabel';
import { haversineKm, readGeoPack, type GeoPack } from '@mc/contracts';
import { testBuildDir } from '@mc/test-support';
import { GeoIndex } from '../src/index.js';

let pack: GeoPack;
let index: GeoIndex;
before(() => {
  pack = readGeoPack(testBuildDir());
  index = new GeoIndex(pack);
});

describe('at', () => {
  it('finds every bounded commune at its own centroid (1,502 cases)', () => {
    const bounded = pack.communes.filter((c) => c.polygons.length > 0);
    assert.equal(bounded.length, 1502);
    const wrong = bounded.filter((c) => index.at(c.centroid![1], c.centroid![0])?.communeCode !== c.code).map((c) => c.code);
    assert.deepEqual(wrong, []);
  });

  it('finds every arrondissement at its own centroid, inside its city', () => {
    for (const a of pack.arrondissements) {
      const match = index.at(a.centroid![1], a.centroid![0]);
      assert.equal(match?.communeCode, a.communeCode, a.code);
      assert.equal(match?.arrondissement?.code, a.code, a.code);
    }
  });

  it("places a point of Tangier's medina in Tanger, arrondissement Médina", () => {
    assert.deepEqual(index.at(35.786, -5.8125), { communeCode: '01.511.01.0', arrondissement: { code: '01.511.01.07', name: { fr: 'Médina', ar: 'المدينة' } } });
  });

  it('gives no arrondissement outside the divided cities', () => {
    const assilah = pack.communes.find((c) => c.code === '01.511.01.01')!;
    assert.deepEqual(index.at(assilah.centroid![1], assilah.centroid![0]), { communeCode: '01.511.01.01', arrondissement: null });
  });

  it('finds nothing in the unbounded gap between Ifrane and Boulemane (about 88 km²)', () => {
    const outline = JSON.parse(readFileSync(join(testBuildDir(), 'static/api/regions/03/boundary.geojson'), 'utf8'));
    assert.equal(outline.geometry.type, 'Polygon');
    const hole = outline.geometry.coordinates[1] as number[][];
    const km2 = area({ type: 'Polygon', coordinates: [hole] }) / 1e6;
    assert.ok(km2 > 80 && km2 < 95, `${km2} km²`);
    const [lng, lat] = polylabel([hole], 1e-6);
    assert.equal(index.at(lat!, lng!), null);
  });

  it('finds nothing at sea or abroad', () => {
    assert.equal(index.at(36.5, -12), null); // the Atlantic
    assert.equal(index.at(37.0, -4.0), null); // Andalusia
    assert.equal(index.at(34.0, 2.0), null); // Algeria
  });
});

describe('near', () => {
  it('lists communes within the radius, nearest first, to 3 decimals', () => {
    const hits = index.near({ lat: 34.02, lng: -6.83, radiusKm: 30, limit: 50 });
    assert.ok(hits.length > 10);
    for (let i = 1; i < hits.length; i++) assert.ok(hits[i - 1]!.distanceKm <= hits[i]!.distanceKm);
    for (const hit of hits) {
      assert.ok(hit.distanceKm <= 30);
      assert.equal(Math.round(hit.distanceKm * 1000) / 1000, hit.distanceKm);
    }
    assert.deepEqual(Object.keys(hits[0]!), ['code', 'name', 'slug', 'distanceKm']);
  });

  it('never returns the commune without a centroid, even around it', () => {
    for (const [lat, lng] of [[34.26, -6.58], [34.3, -6.4], [34.15, -6.7]] as const) {
      const hits = index.near({ lat, lng, radiusKm: 100, limit: 50 });
      assert.equal(hits.length, 50);
      assert.ok(!hits.some((h) => h.code === '04.281.05.11'));
    }
  });

  it('keeps to the limit and finds nothing far at sea', () => {
    assert.equal(index.near({ lat: 33.59, lng: -7.6, radiusKm: 100, limit: 7 }).length, 7);
    assert.deepEqual(index.near({ lat: 36.5, lng: -14, radiusKm: 100, limit: 10 }), []);
  });

  it('measures great-circle distance with R = 6371 km', () => {
    assert.equal(Math.round(haversineKm(0, 0, 0, 1) * 1000) / 1000, 111.195);
    assert.equal(haversineKm(33.5, -7.6, 33.5, -7.6), 0);
  });
});
