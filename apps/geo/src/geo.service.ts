/**
 * The geo service: everything that is geometry, from memory. Point and radius look-ups over
 * the geo pack, and the geometry files of the build (boundaries of every level, neighbours,
 * tiles and their index) with their alias routes, resolved with the same unit index and rules
 * as the catalog's, so a geometry request is one call to one service.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUILD_LAYOUT,
  answerPath,
  contentTypeOf,
  createResolver,
  isGeometryFile,
  notFound,
  prepareJson,
  readGeoPack,
  readManifest,
  readUnitIndex,
  unitPath,
  type CommuneRecord,
  type Envelope,
  type FileAnswer,
  type GeoPack,
  type GeoPort,
  type NearAnswer,
  type NearQuery,
  type PathLookup,
  type Resolver,
  type ServiceStatus,
  type StaticFile,
  type UnitIndexEntry,
} from '@mc/contracts';
import { GeoIndex } from './geo-index.js';

/** What a geo service holds for one build, wherever it was read from (a build folder or Redis). */
export interface GeoData {
  datasetVersion: string;
  pack: GeoPack;
  units: readonly UnitIndexEntry[];
  /** Every geometry file of the static tree, by path. */
  files: ReadonlyMap<string, StaticFile>;
  /** The commune records (`/api/communes/{code}.json` bytes), by code: the body of `at`. */
  communeFiles: ReadonlyMap<string, Buffer>;
}

/** The geometry files and commune records of a build folder. */
export function readGeoData(buildDir: string): GeoData {
  const manifest = readManifest(buildDir);
  const units = readUnitIndex(buildDir).units;
  const read = (path: string) => readFileSync(join(buildDir, BUILD_LAYOUT.staticDir, path));
  const files = new Map<string, StaticFile>();
  for (const [path, { etag }] of Object.entries(manifest.files)) {
    if (isGeometryFile(path)) files.set(path, { path, body: read(path), etag, contentType: contentTypeOf(path) });
  }
  const communeFiles = new Map(units.filter((u) => u.level === 'commune').map((u) => [u.code, read(unitPath('commune', u.code))]));
  return { datasetVersion: manifest.datasetVersion, pack: readGeoPack(buildDir), units, files, communeFiles };
}

export class GeoService implements GeoPort {
  readonly index: GeoIndex;
  private readonly resolver: Resolver;
  /** `at` answers, one per (commune, arrondissement): there are no others. */
  private readonly atAnswers = new Map<string, StaticFile>();

  constructor(private readonly data: GeoData) {
    this.index = new GeoIndex(data.pack);
    this.resolver = createResolver(data.units);
  }

  static fromBuild(buildDir: string): GeoService {
    return new GeoService(readGeoData(buildDir));
  }

  get datasetVersion(): string {
    return this.data.datasetVersion;
  }

  async at(lat: number, lng: number): Promise<FileAnswer> {
    const match = this.index.at(lat, lng);
    const body = match && this.data.communeFiles.get(match.communeCode);
    if (!match || !body) throw notFound(`no commune boundary contains ${lat}, ${lng}`);
    const key = `${match.communeCode} ${match.arrondissement?.code ?? ''}`;
    let file = this.atAnswers.get(key);
    if (!file) {
      const record = JSON.parse(body.toString('utf8')) as Envelope<CommuneRecord>;
      file = prepareJson(unitPath('commune', match.communeCode), { ...record, data: { ...record.data, arrondissement: match.arrondissement } });
      this.atAnswers.set(key, file);
    }
    return { datasetVersion: this.datasetVersion, tier: 'computed', file };
  }

  async near(query: NearQuery): Promise<NearAnswer> {
    return { datasetVersion: this.datasetVersion, hits: this.index.near(query) };
  }

  async lookup(request: PathLookup): Promise<FileAnswer> {
    const { tier, file } = await answerPath({ resolver: this.resolver, file: async (path) => this.data.files.get(path) }, request);
    return { datasetVersion: this.datasetVersion, tier, file };
  }

  async status(): Promise<ServiceStatus> {
    return { ready: true, datasetVersion: this.datasetVersion };
  }
}
