import { Module, type DynamicModule } from '@nestjs/common';
import { GEO } from '@mc/contracts';
import { GeoService } from './geo.service.js';

/** Provides the GEO port from a build's geo pack, held in memory. */
@Module({})
export class GeoModule {
  static fromBuild(buildDir: string): DynamicModule {
    return {
      module: GeoModule,
      providers: [{ provide: GEO, useFactory: () => GeoService.fromBuild(buildDir) }],
      exports: [GEO],
    };
  }
}
