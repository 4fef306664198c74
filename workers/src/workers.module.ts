import { Module, type DynamicModule } from '@nestjs/common';
import { coreModules } from '../../api/src/app.module.js';
import { type AppConfig } from '../../api/src/platform/config/config.schema.js';
import { StorageModule } from '../../api/src/platform/providers/storage/storage.module.js';
import { JOB_HANDLERS, type JobHandler } from './job-handler.js';
import { MediaVariantsProcessor } from './media/media-variants.processor.js';
import { AccountEraseProcessor } from './users/account-erase.processor.js';
import { WorkerHost } from './worker-host.service.js';

const PROCESSORS = [AccountEraseProcessor, MediaVariantsProcessor];

@Module({})
export class WorkersModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkersModule,
      imports: [...coreModules(config), StorageModule],
      providers: [
        ...PROCESSORS,
        { provide: JOB_HANDLERS, inject: PROCESSORS, useFactory: (...handlers: JobHandler[]) => handlers },
        WorkerHost,
      ],
    };
  }
}
