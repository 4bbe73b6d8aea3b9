/** The catalog: static files, identifier resolution and computed commune lists, from one store. */
import {
  createResolver,
  notFound,
  pageCount,
  pagedEnvelope,
  withPage,
  type CatalogPort,
  type CommuneListQuery,
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
import type { DatasetStore } from './store/dataset-store.js';

export class CatalogService implements CatalogPort {
  private readonly resolver: Resolver;
  /** Commune records parsed once from their own static files: one source of truth. */
  private readonly communes: CommuneRecord[];
  private readonly orders = new Map<string, readonly CommuneRecord[]>();

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

  /** Every commune in one order, computed on first use: 12 orders at most (6 keys, 2 directions). */
  private sortedBy(sort: SortSpec): readonly CommuneRecord[] {
    const key = `${sort.descending ? '-' : ''}${sort.key}`;
    let rows = this.orders.get(key);
    if (!rows) this.orders.set(key, (rows = sortCommunes(this.communes, sort)));
    return rows;
  }

  datasetVersion(): string {
    return this.store.datasetVersion;
  }

  async file(path: string): Promise<StaticFile | undefined> {
    return this.store.get(path);
  }

  async resolve(raw: string, preferred?: Level): Promise<Resolution> {
    return this.resolver.resolve(raw, preferred);
  }

  async listCommunes(query: CommuneListQuery): Promise<Envelope<CommuneRecord[]>> {
    // Filtering keeps order, so filtering a list sorted once per key equals sorting the filtered rows.
    const rows = filterCommunes(this.sortedBy(query.sort), query);
    if (query.page > pageCount(rows.length)) throw notFound(`no page ${query.page} for this filter`);
    return pagedEnvelope(rows, query.page, this.datasetVersion(), (n) => withPage(query.url, n), query.url);
  }
}
