/** The catalog: static files, identifier resolution and computed commune lists, from one store. */
import {
  createResolver,
  notFound,
  pageCount,
  pagedEnvelope,
  withPage,
  type CatalogPort,
  type CommuneListQuery,
  type CommuneRow,
  type CommuneRecord,
  type Envelope,
  type Level,
  type Resolution,
  type Resolver,
  type SortSpec,
  type StaticFile,
  unitPath,
} from '@mc/contracts';
import { filterCommunes, sortCommunes } from './lists/commune-list.js';
import { figureValue, type FigureCatalogues } from './lists/figure-values.js';
import type { DatasetStore } from './store/dataset-store.js';

/** Orders kept in memory: each is 1,503 rows (shallow copies when sorted by a figure). */
const MAX_KEPT_ORDERS = 48;

export class CatalogService implements CatalogPort {
  private readonly resolver: Resolver;
  /** Commune records parsed once from their own static files: one source of truth. */
  private readonly communes: CommuneRecord[];
  private readonly orders = new Map<string, readonly CommuneRow[]>();

  constructor(private readonly store: DatasetStore) {
    this.resolver = createResolver(store.units());
    this.communes = store
      .units()
      .filter((u) => u.level === 'commune')
      .map((u) => {
        const file = store.get(unitPath('commune', u.code));
        if (!file) throw new Error(`build ${store.datasetVersion} has no file for commune ${u.code}`);
        return (JSON.parse(file.body.toString('utf8')) as Envelope<CommuneRecord>).data;
      });
  }

  /**
   * Every commune in one order, computed on first use and kept: rows of a figure order carry
   * `indicator`, and `derived` and `basis` where they apply. Figure orders are bounded by the
   * catalogues (a few hundred paths), since an unknown path is refused before it is kept.
   */
  private sortedBy(sort: SortSpec): readonly CommuneRow[] {
    const key = `${sort.descending ? '-' : ''}${sort.key}`;
    let rows = this.orders.get(key);
    if (rows) return rows;
    if (!sort.figure) rows = sortCommunes(this.communes, sort);
    else {
      const figure = figureValue(sort.key, this.figureCatalogues(), this.figureSource);
      const annotated = this.communes.map((c) => {
        const basis = figure.basis(c);
        return { ...c, indicator: { path: figure.path, value: figure.value(c) }, ...(figure.derived ? { derived: true } : {}), ...(basis ? { basis } : {}) };
      });
      rows = sortCommunes(annotated, sort, (c) => (c as CommuneRow).indicator!.value);
    }
    this.orders.set(key, rows);
    // Plain orders are 12 at most; figure orders are many, so only the most recent are kept.
    if (this.orders.size > MAX_KEPT_ORDERS) this.orders.delete(this.orders.keys().next().value!);
    return rows;
  }

  private catalogues?: FigureCatalogues;

  private figureCatalogues(): FigureCatalogues {
    if (!this.catalogues) {
      const read = (path: string) => {
        const file = this.store.get(path);
        if (!file) throw new Error(`build ${this.store.datasetVersion} has no ${path}`);
        return JSON.parse(file.body.toString('utf8'));
      };
      const indicators = read('/data/v1/indicators/fields.json');
      const indicators2014 = read('/data/v1/indicators/2014/fields.json');
      this.catalogues = {
        indicators: { people: indicators.people, households: indicators.households },
        indicators2014: { people: indicators2014.people, households: indicators2014.households },
        economy: read('/data/v1/economy/fields.json').fields,
      };
    }
    return this.catalogues;
  }

  /** Figure records of communes, parsed from their static files on first use. */
  private readonly figureSource = (() => {
    const cache = new Map<string, Record<string, any> | undefined>();
    const read = (path: string) => {
      if (!cache.has(path)) {
        const file = this.store.get(path);
        cache.set(path, file ? JSON.parse(file.body.toString('utf8')).data : undefined);
      }
      return cache.get(path);
    };
    return {
      indicators: (code: string) => read(`/api/communes/${code}/indicators.json`),
      economy: (code: string) => read(`/api/communes/${code}/economy.json`),
    };
  })();

  datasetVersion(): string {
    return this.store.datasetVersion;
  }

  async file(path: string): Promise<StaticFile | undefined> {
    return this.store.get(path);
  }

  async resolve(raw: string, preferred?: Level): Promise<Resolution> {
    return this.resolver.resolve(raw, preferred);
  }

  async listCommunes(query: CommuneListQuery): Promise<Envelope<CommuneRow[]>> {
    // Filtering keeps order, so filtering a list sorted once per key equals sorting the filtered rows.
    const rows = filterCommunes(this.sortedBy(query.sort), query);
    if (query.page > pageCount(rows.length)) throw notFound(`no page ${query.page} for this filter`);
    return pagedEnvelope(rows, query.page, this.datasetVersion(), (n) => withPage(query.url, n), query.url);
  }
}
