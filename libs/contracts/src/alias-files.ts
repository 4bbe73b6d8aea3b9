/**
 * Alias routes (spec §4.19, reference-behaviour §2.4): the static file behind an extensionless
 * or query-string path, or the problem that explains why there is none. Run by the service
 * that holds the files (catalog, or geo for geometry) so that an alias request is one call.
 */
import { routeApiPath, missingChildDetail } from './api-routes.js';
import type { StaticFile } from './catalog-port.js';
import { COLLECTION_OF, LEVEL_OF, withArticle, type Collection, type Level } from './levels.js';
import { invalidCode, invalidQuery, notFound } from './problems.js';
import type { UnitIndexEntry } from './records.js';
import type { Resolver } from './resolver.js';
import { communePagePath, unitPath } from './static-paths.js';
import { checkDouarCode } from './douars.js';

/** What a service answering paths holds: the unit index and its own files. */
export interface FileSource {
  resolver: Resolver;
  file(path: string): Promise<StaticFile | undefined>;
  /** One douar's record (the catalog's); a source without it answers 404. */
  douar?(code: string): Promise<StaticFile>;
}

/** A path to answer; `page` is the validated `?page=` of a `…/communes` alias. */
export interface PathLookup {
  path: string;
  page?: number;
}

const spelled = (raw: string, unit: UnitIndexEntry) => (raw === unit.code ? raw : `${raw} (${unit.code})`);

/** Any identifier spelling, preferring the collection's own level. */
function unitOf(source: FileSource, collection: Collection, id: string): UnitIndexEntry {
  const resolution = source.resolver.resolve(id, LEVEL_OF[collection]);
  if (resolution.kind === 'malformed') throw invalidCode(`${id} can't be read as a code or a slug`);
  if (resolution.kind === 'absent') throw notFound(`no unit has code ${id}`);
  return resolution.unit;
}

async function required(source: FileSource, path: string, detail: string): Promise<StaticFile> {
  const file = await source.file(path);
  if (!file) throw notFound(detail);
  return file;
}

/** `/api/{collection}/{id}` → the unit's own file. */
function unitFile(source: FileSource, collection: Collection, id: string): Promise<StaticFile> {
  const unit = unitOf(source, collection, id);
  if (unit.level !== LEVEL_OF[collection]) throw notFound(`${spelled(id, unit)} is ${withArticle(unit.level)}, at ${unitPath(unit.level, unit.code)}`);
  return required(source, unitPath(unit.level, unit.code), `no unit has code ${id}`);
}

/**
 * The file that answers `path`: the static file of that name, or the file an alias route
 * names. Throws the problem (404, 400) otherwise.
 */
export async function answerPath(source: FileSource, { path, page }: PathLookup): Promise<{ tier: 'static' | 'alias' | 'computed'; file: StaticFile }> {
  const file = await source.file(path);
  if (file) return { tier: 'static', file };
  const route = routeApiPath(path);
  const alias = (found: StaticFile) => ({ tier: 'alias' as const, file: found });
  switch (route.kind) {
    case 'unit':
      return alias(await unitFile(source, route.collection, route.id));
    case 'child': {
      const unit = unitOf(source, route.collection, route.id);
      if (unit.level !== LEVEL_OF[route.collection]) {
        const rightPath = `/api/${COLLECTION_OF[unit.level]}/${unit.code}/${route.file}`;
        const where = (await source.file(rightPath)) ? rightPath : unitPath(unit.level, unit.code);
        throw notFound(`${spelled(route.id, unit)} is ${withArticle(unit.level)}, at ${where}`);
      }
      return alias(await required(source, `/api/${route.collection}/${unit.code}/${route.file}`, missingChildDetail(unit.code, route.child)));
    }
    case 'communes-of': {
      const unit = unitOf(source, route.collection, route.id);
      if (unit.level !== LEVEL_OF[route.collection]) return alias(await unitFile(source, route.collection, route.id));
      const n = page ?? 1;
      return alias(await required(source, communePagePath({ level: unit.level, code: unit.code }, n), `no page ${n} for this filter`));
    }
    case 'douar':
      if (!source.douar) throw notFound(`${path} is not an endpoint of this API`);
      return { tier: 'computed', file: await source.douar(checkDouarCode(route.code)) };
    case 'bare':
      return alias(await required(source, `/api/${route.name}.json`, `/api/${route.name} does not exist`));
    case 'missing-file':
      throw notFound(`${route.path} does not exist`);
    case 'not-an-endpoint':
      throw notFound(`${route.path} is not an endpoint of this API`);
  }
}

/** A list filter (`region=`, `province=`, `cercle=`): must name a unit of that level. */
export function filterUnit(resolver: Resolver, key: Level, raw: string): UnitIndexEntry {
  const resolution = resolver.resolve(raw, key);
  if (resolution.kind === 'malformed') throw invalidCode(`${key} ${raw} is not a geographic code or a slug`);
  if (resolution.kind === 'absent') throw notFound(`no ${key} has code ${raw}`);
  if (resolution.unit.level !== key) throw invalidQuery(`${spelled(raw, resolution.unit)} is ${withArticle(resolution.unit.level)}, not ${withArticle(key)}`);
  return resolution.unit;
}
