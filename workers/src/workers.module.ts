import { Module, type DynamicModule } from '@nestjs/common';
import { coreModules, domainModules } from '../../api/src/app.module.js';
import { type AppConfig } from '../../api/src/platform/config/config.schema.js';

/** The same modules as the API, without HTTP: their jobs run here. */
@Module({})
export class WorkersModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: WorkersModule, imports: [...coreModules(config), ...domainModules(config)] };
  }
}
