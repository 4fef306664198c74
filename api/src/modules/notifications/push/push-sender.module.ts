import { Global, Module, type DynamicModule } from '@nestjs/common';
import { type AppConfig } from '../../../platform/config/config.schema.js';
import { LogPushSender } from './log-push-sender.js';
import { PushSender, WEB_PUSH_PUBLIC_KEY } from './push-sender.port.js';

/** Binds the push sender the configuration names (PUSH_PROVIDER), for the notifications module. */
@Global()
@Module({})
export class PushSenderModule {
  static forRoot(_config: AppConfig): DynamicModule {
    return {
      module: PushSenderModule,
      providers: [LogPushSender, { provide: PushSender, useExisting: LogPushSender }, { provide: WEB_PUSH_PUBLIC_KEY, useValue: null }],
      exports: [PushSender, WEB_PUSH_PUBLIC_KEY],
    };
  }
}
