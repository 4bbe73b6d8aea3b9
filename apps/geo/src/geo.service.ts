/**
 * The geo service: everything that is geometry, from memory. Point and radius look-ups over
 * the geo pack, and the geometry files of the build (boundaries of every level, neighbours,
 * tiles and their index) with their alias routes, resolved with the same unit index and rules
 * as the catalog's, so a geometry request is one call to one service.
 */
import {
  BuildFolderFiles,
  answerPath,
  createResolver,
  isGeometryFile,
  notFound,
  prepareJson,
  readGeoPack,
  sharedManifest,
  sharedUnitIndex,
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

/**
 * What a geo service reads of one build, wherever it is (a build folder or Redis). From a
 * folder everything is read when first asked: the pack when a point is first looked up, the
 * files when first requested; from Redis it is all in memory already.
 */
export interface GeoData {
  datasetVersion: string;
  units: readonly UnitIndexEntry[];
  /** The pack, read (or parsed) anew at each call: the index calls it once and keeps only what it needs. */
  pack: () => GeoPack;
  /** A geometry file of the static tree. */
  file: (path: string) => Promise<StaticFile | undefined>;
  /** A commune record (`/api/communes/{code}.json` bytes): the body of `at`. */
  communeFile: (code: string) => Promise<Buffer | undefined>;
}

/** A build folder's geometry, read as it is asked. */
export function readGeoData(buildDir: string): GeoData {
  const manifest = sharedManifest(buildDir);
  const geometry = new BuildFolderFiles(buildDir, manifest, isGeometryFile);
  const records = new BuildFolderFiles(buildDir, manifest, (path) => !isGeometryFile(path));
  return {
    datasetVersion: manifest.datasetVersion,
    units: sharedUnitIndex(buildDir).units,
    pack: () => readGeoPack(buildDir),
    file: (path) => geometry.get(path),
    communeFile: async (code) => (await records.get(unitPath('commune', code)))?.body,
  };
}

export class GeoService implements GeoPort {
  private readonly resolver: Resolver;
  /** `at` answers, one per (commune, arrondissement): there are no others. */
  private readonly atAnswers = new Map<string, StaticFile>();
  private built?: GeoIndex;

  constructor(private readonly data: GeoData) {
    this.resolver = createResolver(data.units);
  }

  /** The point index, built on the first look-up (about 170 ms for dataset 1.10.0). */
  get index(): GeoIndex {
    return (this.built ??= new GeoIndex(this.data.pack()));
  }

  static fromBuild(buildDir: string): GeoService {
    return new GeoService(readGeoData(buildDir));
  }

  get datasetVersion(): string {
    return this.data.datasetVersion;
  }

  async at(lat: number, lng: number): Promise<FileAnswer> {
    const match = this.index.at(lat, lng);
    const body = match && (await this.data.communeFile(match.communeCode));
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
    const { tier, file } = await answerPath({ resolver: this.resolver, file: (path) => this.data.file(path) }, request);
    return { datasetVersion: this.datasetVersion, tier, file };
  }

  async status(): Promise<ServiceStatus> {
    return { ready: true, datasetVersion: this.datasetVersion };
  }
}
