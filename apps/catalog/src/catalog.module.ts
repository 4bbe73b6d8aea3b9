import { Module, type DynamicModule } from '@nestjs/common';
import { CATALOG, isGeometryFile } from '@mc/contracts';
import { CatalogService } from './catalog.service.js';
import { BuildFolderStore } from './store/build-folder-store.js';

/** Provides the CATALOG port from a build folder, read as asked (embedded mode); geometry is geo's. */
@Module({})
export class CatalogModule {
  static fromBuild(buildDir: string): DynamicModule {
    return {
      module: CatalogModule,
      providers: [{ provide: CATALOG, useFactory: () => CatalogService.open(BuildFolderStore.open(buildDir, (path) => !isGeometryFile(path))) }],
      exports: [CATALOG],
    };
  }
}
