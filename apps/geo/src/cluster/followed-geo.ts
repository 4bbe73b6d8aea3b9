/**
 * The geo service of cluster mode: everything geometry of the build `mc:current` names, read
 * from Redis into memory (the pack, every geometry file, the commune records `at` answers
 * with) and followed as the ETL flips the pointer: a new build is read in the background and
 * swapped in whole, the old one answering meanwhile.
 */
import {
  buildKeys,
  contentTypeOf,
  isGeometryFile,
  ownMemory,
  unitPath,
  type BuildManifest,
  type FileAnswer,
  type GeoPack,
  type GeoPort,
  type NearAnswer,
  type NearQuery,
  type PathLookup,
  type ServiceStatus,
  type StaticFile,
  type UnitIndex,
} from '@mc/contracts';
import { BuildFollower } from '@mc/contracts/service';
import type { Redis } from 'ioredis';
import { GeoService, type GeoData } from '../geo.service.js';

const BATCH = 512;

/** One build's geometry, read from Redis. */
export async function readGeoDataFromRedis(redis: Redis, buildId: string): Promise<GeoData> {
  const keys = buildKeys(buildId);
  const [loaded, manifestBytes, unitsBytes, packBuffer] = await Promise.all([redis.exists(keys.loaded), redis.getBuffer(keys.manifest), redis.getBuffer(keys.units), redis.getBuffer(keys.geoPack)]);
  if (loaded !== 1 || !manifestBytes || !unitsBytes || !packBuffer) throw new Error(`build ${buildId} is not completely loaded in Redis`);
  const manifest = JSON.parse(manifestBytes.toString('utf8')) as BuildManifest;
  const units = (JSON.parse(unitsBytes.toString('utf8')) as UnitIndex).units;
  const geometryPaths = Object.keys(manifest.files).filter(isGeometryFile);
  const communeCodes = units.filter((u) => u.level === 'commune').map((u) => u.code);
  const paths = [...geometryPaths, ...communeCodes.map((code) => unitPath('commune', code))];
  const bodies: Array<{ body: Buffer; etag: string }> = [];
  for (let start = 0; start < paths.length; start += BATCH) {
    const pipeline = redis.pipeline();
    for (const path of paths.slice(start, start + BATCH)) pipeline.hmgetBuffer(keys.file(path), 'body', 'etag');
    for (const [i, [error, value]] of ((await pipeline.exec()) ?? []).entries()) {
      const [body, etag] = (value as Array<Buffer | null>) ?? [];
      if (error || !body || !etag) throw new Error(`build ${buildId}: ${paths[start + i]} is missing from Redis`);
      bodies.push({ body: ownMemory(body), etag: etag.toString('utf8') });
    }
  }
  const files = new Map<string, StaticFile>(geometryPaths.map((path, i) => [path, { path, ...bodies[i]!, contentType: contentTypeOf(path) }]));
  const communeFiles = new Map(communeCodes.map((code, i) => [code, bodies[geometryPaths.length + i]!.body]));
  let packBytes: Buffer | null = packBuffer;
  const pack = () => {
    if (!packBytes) throw new Error(`build ${buildId}: its geo pack was read already`);
    const parsed = JSON.parse(packBytes.toString('utf8')) as GeoPack;
    // Read once, by the index (built as the build opens): 7.7 MB not held for nothing.
    packBytes = null;
    return parsed;
  };
  return { datasetVersion: manifest.datasetVersion, pack, units, file: async (path) => files.get(path), communeFile: async (code) => communeFiles.get(code) };
}

export class FollowedGeo implements GeoPort {
  readonly follower: BuildFollower<GeoService>;

  constructor(redis: Redis, options: { intervalMs?: number; log?: (line: string) => void } = {}) {
    this.follower = new BuildFollower({
      redis,
      intervalMs: options.intervalMs,
      log: options.log,
      open: async (buildId) => {
        const service = new GeoService(await readGeoDataFromRedis(redis, buildId));
        // Indexed now: a pack that can't be read fails the open, and keeps the build served.
        void service.index;
        return service;
      },
    });
  }

  at(lat: number, lng: number): Promise<FileAnswer> {
    return this.follower.use('geo', (geo) => geo.at(lat, lng));
  }

  near(query: NearQuery): Promise<NearAnswer> {
    return this.follower.use('geo', (geo) => geo.near(query));
  }

  lookup(request: PathLookup): Promise<FileAnswer> {
    return this.follower.use('geo', (geo) => geo.lookup(request));
  }

  /** Geo answers from memory once loaded: Redis matters only for the next build. */
  async status(): Promise<ServiceStatus> {
    return this.follower.status(false);
  }
}
