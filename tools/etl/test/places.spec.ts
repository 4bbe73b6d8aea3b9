// Neighbourhood and postcode names for search (issue 13), read from the real api-data files.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { normaliseName, readUnitIndex } from '@mc/contracts';
import { PlacesInvalidError, cleanQuarterName, defaultPlacesDir, readPlaces } from '../src/places/places.js';
import { DATASET_DIR, sharedBuild, tempDir } from './support.js';

const PLACES_DIR = join(DATASET_DIR, '..', 'api-data');
const units = () => readUnitIndex(sharedBuild().dir).units;

describe('Poste Maroc quarter names, cleaned', () => {
  it('drops the filing words nobody types, keeps Hay, Derb and Douar, and refuses what is no name', () => {
    assert.equal(cleanQuarterName('Lot Annassim'), 'Annassim');
    assert.equal(cleanQuarterName('Lotissement  Al Amal'), 'Al Amal');
    assert.equal(cleanQuarterName('Residence Al Boustane'), 'Al Boustane');
    assert.equal(cleanQuarterName('Coop Ibn Khaldoun'), 'Ibn Khaldoun');
    assert.equal(cleanQuarterName('Hay Rachad II'), 'Hay Rachad II');
    assert.equal(cleanQuarterName('Derb Sultan'), 'Derb Sultan');
    assert.equal(cleanQuarterName('Civil'), 'Civil');
    assert.equal(cleanQuarterName('Secteur Al Ouiame'), 'Al Ouiame');
    assert.equal(cleanQuarterName('Quartier Industriel Sidi Brahim'), 'Industriel Sidi Brahim');
    assert.equal(cleanQuarterName('Immeuble Al Amal'), null);
    assert.equal(cleanQuarterName('Kissariat Al Hamra'), null);
    for (const none of ['Secteur 12', 'Secteur B 4', 'Secteur 11 Extension', 'Lot 707', 'Zone Industrielle', 'Bloc B', 'Lot', 'Hay 2', 'A1']) assert.equal(cleanQuarterName(none), null, none);
  });
});

describe('readPlaces on the real files', () => {
  it('reads the 1,799 OpenStreetMap places and the 1,431 postcodes, every one in a unit of the dataset', () => {
    assert.equal(defaultPlacesDir(DATASET_DIR), join(DATASET_DIR, '..', 'api-data'));
    const places = readPlaces(PLACES_DIR, units())!;
    assert.equal(places.neighbourhoods.filter((n) => n.source === 'osm').length, 1799);
    assert.equal(new Set(places.postcodes.map((p) => p.postcode)).size, 1431);
    assert.match(places.source.neighbourhoods, /OpenStreetMap contributors, ODbL/);
    assert.match(places.source.postcodes, /Poste Maroc, data.gov.ma, ODbL/);
    // 10000 is Rabat; 12013 serves two communes.
    assert.deepEqual(places.postcodes.filter((p) => p.postcode === '10000').map((p) => p.communeCode), ['04.421.01.0']);
    assert.equal(places.postcodes.filter((p) => p.postcode === '12013').length, 2);
    const agdal = places.neighbourhoods.filter((n) => normaliseName(n.name.fr) === 'agdal');
    assert.ok(agdal.some((n) => n.unitCode.startsWith('04.421.')), 'Agdal is in Rabat');
    assert.ok(places.neighbourhoods.some((n) => n.name.fr === '' && n.name.ar !== ''), 'places with only an Arabic name');
  });

  it('keeps one spelling per name in a unit and counts the quarter names it left out', () => {
    const places = readPlaces(PLACES_DIR, units())!;
    const quarters = places.neighbourhoods.filter((n) => n.source === 'poste-maroc');
    assert.ok(quarters.length > 5000 && quarters.length < 9016, `${quarters.length} quarters kept`);
    assert.equal(quarters.length + places.quartersDropped, 9016);
    const keys = places.neighbourhoods.map((n) => `${n.unitCode} ${normaliseName(n.name.fr || n.name.ar || '')}`);
    assert.equal(new Set(keys.filter((_, i) => places.neighbourhoods[i]!.source === 'poste-maroc')).size, quarters.length);
    assert.ok(quarters.every((q) => /^\d{5}$/.test(q.postcode!) && q.level === 'commune'));
    assert.ok(!quarters.some((q) => /^(Lot|Lotissement|Residence|Secteur) /.test(q.name.fr)));
  });

  it('builds without them, and stops on an unknown unit or a postcode that is not five digits, naming file and entry', () => {
    assert.equal(readPlaces(tempDir('mc-no-places-'), units()), null);
    const broken = tempDir('mc-places-');
    cpSync(PLACES_DIR, broken, { recursive: true });
    const neighbourhoods = JSON.parse(readFileSync(join(broken, 'neighbourhoods.json'), 'utf8'));
    neighbourhoods.places[3][2] = '01.051.01.99';
    writeFileSync(join(broken, 'neighbourhoods.json'), JSON.stringify(neighbourhoods));
    assert.throws(() => readPlaces(broken, units()), (e: Error) => e instanceof PlacesInvalidError && /neighbourhoods\.json, entry 4: unit 01\.051\.01\.99 is not in the dataset/.test(e.message));
    cpSync(join(PLACES_DIR, 'neighbourhoods.json'), join(broken, 'neighbourhoods.json'));
    const postcodes = JSON.parse(readFileSync(join(broken, 'postcodes.json'), 'utf8'));
    postcodes.postcodes[0][0] = '1000';
    writeFileSync(join(broken, 'postcodes.json'), JSON.stringify(postcodes));
    assert.throws(() => readPlaces(broken, units()), /postcodes\.json, entry 1: postcode "1000" is not five digits/);
    const lone = join(tempDir('mc-lone-'), 'api-data');
    mkdirSync(lone);
    cpSync(join(PLACES_DIR, 'postcodes.json'), join(lone, 'postcodes.json'));
    assert.throws(() => readPlaces(lone, units()), /both or neither/);
  });
});

describe('the build names the place sources', () => {
  it('version.json lists OpenStreetMap neighbourhoods and Poste Maroc postcodes, both ODbL, after the dataset’s sources', () => {
    const version = JSON.parse(readFileSync(join(sharedBuild().dir, 'static/api/version.json'), 'utf8')).data;
    const ids = version.sources.sources.map((s: { id: string }) => s.id);
    assert.deepEqual(ids.slice(-3), ['osm', 'osm-neighbourhoods', 'poste-maroc-postcodes']);
    const [osm, poste] = version.sources.sources.slice(-2);
    assert.match(osm.licence, /OpenStreetMap contributors, Open Database Licence \(ODbL 1\.0\)/);
    assert.match(poste.licence, /Poste Maroc, data\.gov\.ma, Open Database Licence/);
    assert.match(poste.sha256, /^[0-9a-f]{64}$/);
  });
});
