/** Finds the static file behind an alias route, or the problem that explains why there is none. */
import { Inject, Injectable } from '@nestjs/common';
import {
  CATALOG,
  COLLECTION_OF,
  communePagePath,
  LEVEL_OF,
  invalidCode,
  invalidQuery,
  notFound,
  unitPath,
  withArticle,
  type CatalogPort,
  type Collection,
  type Level,
  type StaticFile,
  type UnitIndexEntry,
} from '@mc/contracts';

import { missingChildDetail } from './path-router.js';

const spelled = (raw: string, unit: UnitIndexEntry) => (raw === unit.code ? raw : `${raw} (${unit.code})`);

@Injectable()
export class UnitFiles {
  constructor(@Inject(CATALOG) private readonly catalog: CatalogPort) {}

  /** Any identifier spelling, preferring the collection's own level. */
  async unit(collection: Collection, id: string): Promise<UnitIndexEntry> {
    const resolution = await this.catalog.resolve(id, LEVEL_OF[collection]);
    if (resolution.kind === 'malformed') throw invalidCode(`${id} can't be read as a code or a slug`);
    if (resolution.kind === 'absent') throw notFound(`no unit has code ${id}`);
    return resolution.unit;
  }

  /** `/api/{collection}/{id}` → the unit's own file. */
  async unitFile(collection: Collection, id: string): Promise<StaticFile> {
    const unit = await this.unit(collection, id);
    if (unit.level !== LEVEL_OF[collection]) {
      throw notFound(`${spelled(id, unit)} is ${withArticle(unit.level)}, at ${unitPath(unit.level, unit.code)}`);
    }
    return this.required(unitPath(unit.level, unit.code), `no unit has code ${id}`);
  }

  /** `/api/{collection}/{id}/{name}` → `/api/{collection}/{code}/{file}` (file: `name.json` or `name.geojson`). */
  async childFile(collection: Collection, id: string, name: string, file: string): Promise<StaticFile> {
    const unit = await this.unit(collection, id);
    if (unit.level !== LEVEL_OF[collection]) {
      const rightPath = `/api/${COLLECTION_OF[unit.level]}/${unit.code}/${file}`;
      const where = (await this.catalog.file(rightPath)) ? rightPath : unitPath(unit.level, unit.code);
      throw notFound(`${spelled(id, unit)} is ${withArticle(unit.level)}, at ${where}`);
    }
    return this.required(`/api/${collection}/${unit.code}/${file}`, missingChildDetail(unit.code, name));
  }

  /** `/api/{regions|provinces|cercles}/{id}/communes?page=n` → that unit's page file. */
  async communePageFile(collection: Collection, id: string, page: number): Promise<StaticFile> {
    const unit = await this.unit(collection, id);
    if (unit.level !== LEVEL_OF[collection]) return this.unitFile(collection, id);
    return this.required(communePagePath({ level: unit.level, code: unit.code }, page), `no page ${page} for this filter`);
  }

  /** A list filter (`region=`, `province=`, `cercle=`): must name a unit of that level. */
  async filterUnit(key: Level, raw: string): Promise<UnitIndexEntry> {
    const resolution = await this.catalog.resolve(raw, key);
    if (resolution.kind === 'malformed') throw invalidCode(`${key} ${raw} is not a geographic code or a slug`);
    if (resolution.kind === 'absent') throw notFound(`no ${key} has code ${raw}`);
    if (resolution.unit.level !== key) throw invalidQuery(`${spelled(raw, resolution.unit)} is ${withArticle(resolution.unit.level)}, not ${withArticle(key)}`);
    return resolution.unit;
  }

  async required(path: string, detail: string): Promise<StaticFile> {
    const file = await this.catalog.file(path);
    if (!file) throw notFound(detail);
    return file;
  }
}
