import { Module, type DynamicModule } from '@nestjs/common';
import { CATALOG, isGeometryFile } from '@mc/contracts';
import { CatalogService } from './catalog.service.js';
import { MemoryStore } from './store/memory-store.js';

/** Provides the CATALOG port from a build folder held in memory (embedded mode); geometry is geo's. */
@Module({})
export class CatalogModule {
  static fromBuild(buildDir: string): DynamicModule {
    return {
      module: CatalogModule,
      providers: [{ provide: CATALOG, useFactory: () => CatalogService.open(MemoryStore.load(buildDir, (path) => !isGeometryFile(path))) }],
      exports: [CATALOG],
    };
  }
}
