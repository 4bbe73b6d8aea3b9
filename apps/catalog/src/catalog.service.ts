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
  type StaticFile,
  unitPath,
} from '@mc/contracts';
import { filterCommunes, sortCommunes } from './lists/commune-list.js';
import type { DatasetStore } from './store/dataset-store.js';

export class CatalogService implements CatalogPort {
  private readonly resolver: Resolver;
  /** Commune records parsed once from their own static files: one source of truth. */
  private readonly communes: CommuneRecord[];

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
    const rows = sortCommunes(filterCommunes(this.communes, query), query.sort);
    if (query.page > pageCount(rows.length)) throw notFound(`no page ${query.page} for this filter`);
    return pagedEnvelope(rows, query.page, this.datasetVersion(), (n) => withPage(query.url, n), query.url);
  }
}
