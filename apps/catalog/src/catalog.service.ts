/** The catalog: static files, identifier resolution and computed commune lists, from one store. */
import {
  answerPath,
  douarCodePrefix,
  recordEnvelope,
  prepareJson,
  selectDouars,
  type DouarListRequest,
  type DouarRecord,
  type FileSource,
  createResolver,
  filterUnit,
  isGeometryFile,
  notFound,
  prepareRowsJson,
  PageHeads,
  pageCount,
  pageEnvelope,
  pagedEnvelope,
  withPage,
  type CatalogPort,
  type CommuneListQuery,
  type CommuneListRequest,
  type FileAnswer,
  type PathLookup,
  type ServiceStatus,
  type CommuneRow,
  type CommuneRecord,
  type Envelope,
  type Resolver,
  type SortSpec,
  type StaticFile,
  unitPath,
} from '@mc/contracts';
import { filterCommunePage, sortCommunes } from './lists/commune-list.js';
import { planCommuneList } from './lists/list-plan.js';
import { FigureColumns, figureValue, type FigureCatalogues } from './lists/figure-values.js';
import type { DatasetStore } from './store/dataset-store.js';

/** Orders kept in memory: each is 1,503 rows (shallow copies when sorted by a figure). */
const MAX_KEPT_ORDERS = 48;
/** Communes whose douar records are kept parsed (at most 134 records each). */
const MAX_KEPT_DOUAR_LISTS = 64;

export class CatalogService implements CatalogPort {
  private readonly resolver: Resolver;
  private readonly fileSource: FileSource;
  private readonly orders = new Map<string, readonly CommuneRow[]>();
  private figures?: Promise<FigureColumns>;
  /** The commune records, parsed from their own static files at the first list: one source of truth, whatever the store. */
  private records?: Promise<readonly CommuneRecord[]>;
  /** Douar lists parsed from their static files, by path, most recently used last. */
  private readonly douarLists = new Map<string, { etag: string; douars: readonly DouarRecord[] }>();
  /** The bytes before the links of recent pages, by content: other URLs for them append their own links. */
  private readonly pageHeads = new PageHeads();
  /** The commune of each douar code prefix (`douarCodePrefix`). */
  private communeOfPrefix?: Map<string, string>;

  private constructor(private readonly store: DatasetStore) {
    this.resolver = createResolver(store.units());
    this.fileSource = {
      resolver: this.resolver,
      // Geometry is the geo service's, even where the store holds it (Redis holds the whole build).
      file: async (path) => (isGeometryFile(path) ? undefined : this.store.get(path)),
      douar: (code) => this.douarFile(code),
    };
  }

  /** A catalog over one build. Its commune records are read in one batch when a list first needs them. */
  static async open(store: DatasetStore): Promise<CatalogService> {
    return new CatalogService(store);
  }

  private communeRecords(): Promise<readonly CommuneRecord[]> {
    this.records ??= (async () => {
      const codes = this.store.units().filter((u) => u.level === 'commune').map((u) => u.code);
      const files = await this.store.getMany(codes.map((code) => unitPath('commune', code)));
      return files.map((file, i) => {
        if (!file) throw new Error(`build ${this.store.datasetVersion} has no file for commune ${codes[i]}`);
        return (JSON.parse(file.body.toString('utf8')) as Envelope<CommuneRecord>).data;
      });
    })();
    return this.records;
  }

  /**
   * Every commune in one order, computed on first use and kept: rows of a figure order carry
   * `indicator`, and `derived` and `basis` where they apply. Figure orders are bounded by the
   * catalogues (a few hundred paths), since an unknown path is refused before it is kept.
   */
  private async sortedBy(sort: SortSpec): Promise<readonly CommuneRow[]> {
    const key = `${sort.descending ? '-' : ''}${sort.key}`;
    let rows = this.orders.get(key);
    if (rows) return rows;
    const communeRecords = await this.communeRecords();
    if (!sort.figure) rows = sortCommunes(communeRecords, sort);
    else {
      const figure = figureValue(sort.key, await (this.figures ??= this.loadFigures()));
      const annotated = communeRecords.map((c) => {
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

  /** The field catalogues, and every commune's census and establishment figures as columns. */
  private async loadFigures(): Promise<FigureColumns> {
    const catalogueFiles = ['/data/v1/indicators/fields.json', '/data/v1/indicators/2014/fields.json', '/data/v1/economy/fields.json'];
    const codes = (await this.communeRecords()).map((c) => c.code);
    const paths = [...catalogueFiles, ...codes.map((code) => `/api/communes/${code}/indicators.json`), ...codes.map((code) => `/api/communes/${code}/economy.json`)];
    const files = await this.store.getMany(paths);
    const [indicators, indicators2014, economy] = files.slice(0, catalogueFiles.length).map(parseFile);
    if (!indicators || !economy) throw new Error(`build ${this.store.datasetVersion} has no field catalogues`);
    // A dataset without the 2014 census has no 2014 catalogue: no 2014 or change sort keys.
    const none = { people: [], households: [] };
    const catalogues: FigureCatalogues = {
      indicators: { people: indicators.people, households: indicators.households },
      indicators2014: indicators2014 ? { people: indicators2014.people, households: indicators2014.households } : none,
      economy: economy.fields,
    };
    const columns = new FigureColumns(codes, catalogues);
    // Each file parsed and read in turn: a whole record dies young instead of filling the old generation.
    codes.forEach((code, i) => {
      columns.addIndicators(code, parseFile(files[catalogueFiles.length + i])?.data);
      columns.addEconomy(code, parseFile(files[catalogueFiles.length + codes.length + i])?.data);
    });
    return columns;
  }

  get datasetVersion(): string {
    return this.store.datasetVersion;
  }

  file(path: string): Promise<StaticFile | undefined> {
    return this.store.get(path);
  }

  async lookup(request: PathLookup): Promise<FileAnswer> {
    const { tier, file } = await answerPath(this.fileSource, request);
    return { datasetVersion: this.datasetVersion, tier, file };
  }

  /** The records of a douar file, parsed once while it stays among the recently asked. */
  private douarsOf(file: StaticFile): readonly DouarRecord[] {
    const kept = this.douarLists.get(file.path);
    if (kept && kept.etag === file.etag) {
      this.douarLists.delete(file.path);
      this.douarLists.set(file.path, kept);
      return kept.douars;
    }
    const douars = (JSON.parse(file.body.toString('utf8')) as Envelope<DouarRecord[]>).data;
    this.douarLists.set(file.path, { etag: file.etag, douars });
    if (this.douarLists.size > MAX_KEPT_DOUAR_LISTS) this.douarLists.delete(this.douarLists.keys().next().value!);
    return douars;
  }

  /** `GET /api/douars/{code}`: found in its commune's list, whose code its first seven digits are. */
  private async douarFile(code: string): Promise<StaticFile> {
    this.communeOfPrefix ??= new Map(this.store.units().filter((u) => u.level === 'commune').map((u) => [douarCodePrefix(u.code), u.code]));
    const commune = this.communeOfPrefix.get(code.slice(0, 7));
    const file = commune === undefined ? undefined : await this.store.get(`/api/communes/${commune}/douars.json`);
    const douar = file && this.douarsOf(file).find((d) => d.code === code);
    if (!douar) throw notFound(`no douar has code ${code}`);
    const path = `/api/douars/${code}`;
    return prepareJson(path, recordEnvelope(douar, this.datasetVersion, path));
  }

  /** A commune's douars filtered, sorted and paged; the commune in any spelling, with the problems of its alias route. */
  async douars(request: DouarListRequest): Promise<FileAnswer> {
    const { file } = await answerPath(this.fileSource, { path: `/api/communes/${encodeURIComponent(request.commune)}/douars` });
    const rows = selectDouars(this.douarsOf(file), request);
    if (request.page > pageCount(rows.length)) throw notFound(`no page ${request.page} for this filter`);
    const envelope = pagedEnvelope(rows, request.page, this.datasetVersion, (n) => withPage(request.url, n), request.url);
    const content = `${this.datasetVersion} ${file.etag} ${JSON.stringify({ ...request, commune: undefined, url: undefined })}`;
    return { datasetVersion: this.datasetVersion, tier: 'computed', file: prepareRowsJson(request.url, envelope, { heads: this.pageHeads, key: content }) };
  }

  /** Filters resolved to their units (any spelling), then the page file that holds the list, or computed. */
  async communes(request: CommuneListRequest): Promise<FileAnswer> {
    const query: CommuneListQuery = { ...request };
    if (request.region !== undefined) query.region = filterUnit(this.resolver, 'region', request.region).code;
    if (request.province !== undefined) query.province = filterUnit(this.resolver, 'province', request.province).code;
    if (request.cercle !== undefined) query.cercle = filterUnit(this.resolver, 'cercle', request.cercle).code;
    const plan = planCommuneList(query);
    if (plan.kind === 'alias') {
      const file = await this.store.get(plan.path);
      if (!file) throw notFound(`no page ${query.page} for this filter`);
      return { datasetVersion: this.datasetVersion, tier: 'alias', file };
    }
    // Rows are records that never change (or rows of a kept order): each is serialised once.
    // Filters are resolved to codes here, so `province=tanger-assilah` and `province=01.511` share a head.
    const content = `${this.datasetVersion} communes ${JSON.stringify({ ...query, url: undefined })}`;
    const envelope = await this.listCommunes(query);
    return { datasetVersion: this.datasetVersion, tier: 'computed', file: prepareRowsJson(request.url, envelope, { heads: this.pageHeads, key: content }) };
  }

  async listCommunes(query: CommuneListQuery): Promise<Envelope<CommuneRow[]>> {
    // Filtering keeps order, so filtering a list sorted once per key equals sorting the filtered rows.
    const { rows, total } = filterCommunePage(await this.sortedBy(query.sort), query, query.page);
    if (query.page > pageCount(total)) throw notFound(`no page ${query.page} for this filter`);
    return pageEnvelope(rows, total, query.page, this.datasetVersion, (n) => withPage(query.url, n), query.url);
  }

  async status(): Promise<ServiceStatus> {
    return { ready: true, datasetVersion: this.datasetVersion };
  }
}

const parseFile = (file: StaticFile | undefined) => (file ? JSON.parse(file.body.toString('utf8')) : undefined);
