// Figure sort values (figureValue) read from the catalog's columns (FigureColumns), against
// the communes' whole records on the real build: every census path of both catalogues, every
// establishment count and derived ratio, every commune.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { CommuneRecord, Envelope } from '@mc/contracts';
import { testBuildDir } from '@mc/test-support';
import { FigureColumns, figureValue, type FigureCatalogues } from '../src/lists/figure-values.js';

type Json = Record<string, any>;
let communes: CommuneRecord[];
let catalogues: FigureCatalogues;
let indicators: Map<string, Json>;
let economy: Map<string, Json>;
let columns: FigureColumns;

const read = (path: string) => JSON.parse(readFileSync(join(testBuildDir(), 'static', path), 'utf8'));
const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** A census figure as the whole record has it: the totals of its year's table. */
const census = (record: Json | undefined, path: string, people: boolean) => {
  const [topic, key] = [path.slice(0, path.indexOf('.')), path.slice(path.indexOf('.') + 1)];
  return finite(people ? record?.people?.total?.all?.[topic]?.[key] : record?.households?.total?.[topic]?.[key]);
};

describe('figure columns', () => {
  before(() => {
    communes = [];
    for (let page = 1; page <= 31; page++) communes.push(...(read(`api/communes/page/${page}.json`) as Envelope<CommuneRecord[]>).data);
    const [fields2024, fields2014, economyFields] = [read('data/v1/indicators/fields.json'), read('data/v1/indicators/2014/fields.json'), read('data/v1/economy/fields.json')];
    catalogues = {
      indicators: { people: fields2024.people, households: fields2024.households },
      indicators2014: { people: fields2014.people, households: fields2014.households },
      economy: economyFields.fields,
    };
    indicators = new Map(communes.map((c) => [c.code, read(`api/communes/${c.code}/indicators.json`).data as Json]));
    economy = new Map(communes.map((c) => [c.code, read(`api/communes/${c.code}/economy.json`).data as Json]));
    columns = new FigureColumns(communes.map((c) => c.code), catalogues);
    for (const c of communes) {
      columns.addIndicators(c.code, indicators.get(c.code));
      columns.addEconomy(c.code, economy.get(c.code));
    }
  });

  it('gives every census sort key, of 2024, 2014 and their change, the value of the whole record', () => {
    const people2014 = new Map(catalogues.indicators2014.people.flatMap((f) => (f.comparableTo ? [[f.comparableTo, f.path]] : [])));
    const households2014 = new Map(catalogues.indicators2014.households.flatMap((f) => (f.comparableTo ? [[f.comparableTo, f.path]] : [])));
    assert.ok(people2014.size > 10 && households2014.size > 10, `${people2014.size} + ${households2014.size} comparable fields`);
    let figures = 0;
    for (const [fields, people, comparable] of [[catalogues.indicators.people, true, people2014], [catalogues.indicators.households, false, households2014]] as const) {
      for (const { path } of fields) {
        const then = comparable.get(path);
        const now2024 = figureValue(path, columns);
        const in2014 = then === undefined ? undefined : figureValue(`2014.${path}`, columns);
        const change = then === undefined ? undefined : figureValue(`change.${path}`, columns);
        for (const c of communes) {
          const record = indicators.get(c.code);
          const value = census(record, path, people);
          assert.equal(now2024.value(c), value, `${path} of ${c.code}`);
          if (value !== null) figures += 1;
          if (then === undefined) continue;
          const old = census(record?.['2014'] ?? undefined, then, people);
          assert.equal(in2014!.value(c), old, `2014.${path} of ${c.code}`);
          assert.equal(change!.value(c), value === null || old === null ? null : Math.round((value - old) * 1e6) / 1e6, `change.${path} of ${c.code}`);
        }
      }
    }
    const paths = catalogues.indicators.people.length + catalogues.indicators.households.length;
    assert.ok(figures > paths * communes.length * 0.8, `${figures} figures, not nulls, of ${paths * communes.length}`);
  });

  it('gives every establishment count and ratio the value of the whole record, and the basis of its figures', () => {
    for (const field of catalogues.economy) {
      const figure = figureValue(`economy.${field.path}`, columns);
      for (const c of communes) assert.equal(figure.value(c), finite(economy.get(c.code)?.topics?.[field.topic]?.[field.key]), `${field.path} of ${c.code}`);
    }
    const jobs = figureValue('economy.per1000.jobs', columns);
    const perBusiness = figureValue('economy.perBusiness.jobs', columns);
    let summed = 0;
    for (const c of communes) {
      const counts = economy.get(c.code)!.topics.establishments;
      const population = c.population['2024']!.total;
      assert.equal(jobs.value(c), Math.round(((counts.jobs * 1000) / population) * 1e6) / 1e6, c.code);
      assert.equal(perBusiness.value(c), counts.business ? Math.round((counts.jobs / counts.business) * 1e6) / 1e6 : null, c.code);
      const basis = economy.get(c.code)!.basis === 'arrondissement_sum' ? 'arrondissement_sum' : undefined;
      assert.equal(jobs.basis(c), basis, c.code);
      if (basis) summed += 1;
    }
    // The six cities with arrondissements.
    assert.equal(summed, 6);
    assert.equal(jobs.derived, true);
  });

  it('has no figure for a commune it was not given, nor where a record has none', () => {
    const tanger = communes.find((c) => c.code === '01.511.01.0')!;
    assert.equal(indicators.get(tanger.code)!['2014'], null, 'Tanger-Assilah has no 2014 block');
    assert.equal(figureValue('2014.population.municipal', columns).value(tanger), null);
    assert.ok(figureValue('population.municipal', columns).value(tanger)! > 900_000);
    const other = new FigureColumns(['01.511.01.0'], catalogues);
    assert.equal(figureValue('population.municipal', other).value(communes.find((c) => c.code !== '01.511.01.0')!), null);
    assert.equal(figureValue('population.municipal', other).value(tanger), null, 'given no record');
  });
});
