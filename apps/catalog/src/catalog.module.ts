import { Module, type DynamicModule } from '@nestjs/common';
import { CATALOG } from '@mc/contracts';
import { CatalogService } from './catalog.service.js';
import { MemoryStore } from './store/memory-store.js';

/** Provides the CATALOG port from a build folder held in memory (embedded mode). */
@Module({})
export class CatalogModule {
  static fromBuild(buildDir: string): DynamicModule {
    return {
      module: CatalogModule,
      providers: [{ provide: CATALOG, useFactory: () => CatalogService.open(MemoryStore.load(buildDir)) }],
      exports: [CATALOG],
    };
  }
}
