import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import { type AppConfig } from '../../../platform/config/config.schema.js';
import { LivePushSender, UnconfiguredFcm } from './live-push-sender.js';
import { LogPushSender } from './log-push-sender.js';
import { PushSender } from './push-sender.port.js';
import { WebPushKeys } from './web-push-keys.js';

/** Pushes in flight at once per provider in each process (Web Push requests, FCM connections). */
const PUSH_CONCURRENCY = 50;

/**
 * Binds the push sender the configuration names (PUSH_PROVIDER), and the VAPID public key browsers
 * subscribe with (WebPushKeys), whichever the provider: local runs log pushes, but browsers still
 * subscribe.
 */
@Global()
@Module({})
export class PushSenderModule {
  static forRoot(config: AppConfig): DynamicModule {
    const keys: Provider = { provide: WebPushKeys, useValue: new WebPushKeys(config.VAPID_PUBLIC_KEY ?? null) };
    const sender: Provider[] =
      config.PUSH_PROVIDER === 'live'
        ? [{ provide: PushSender, inject: [APP_CONFIG], useFactory: livePushSender }]
        : [LogPushSender, { provide: PushSender, useExisting: LogPushSender }];
    return { module: PushSenderModule, providers: [keys, ...sender], exports: [PushSender, WebPushKeys] };
  }
}

/** The providers' SDKs (web-push, firebase-admin) load only here: a process that logs pushes never needs them. */
async function livePushSender(config: AppConfig): Promise<LivePushSender> {
  const [{ WebPushProvider }, { FcmProvider }, { cert }] = await Promise.all([
    import('./web-push/web-push-provider.js'),
    import('./fcm/fcm-provider.js'),
    import('firebase-admin/app'),
  ]);
  const webpush = new WebPushProvider({
    vapid: { publicKey: config.VAPID_PUBLIC_KEY!, privateKey: config.VAPID_PRIVATE_KEY!, subject: config.VAPID_SUBJECT },
    timeoutMs: config.PUSH_TIMEOUT_MS,
    concurrency: PUSH_CONCURRENCY,
  });
  const { FIREBASE_PROJECT_ID: projectId, FIREBASE_CLIENT_EMAIL: clientEmail, FIREBASE_PRIVATE_KEY: privateKey } = config;
  const fcm =
    projectId && clientEmail && privateKey
      ? new FcmProvider({
          projectId,
          credential: cert({ projectId, clientEmail, privateKey }),
          timeoutMs: config.PUSH_TIMEOUT_MS,
          connections: PUSH_CONCURRENCY,
        })
      : new UnconfiguredFcm();
  return new LivePushSender({ webpush, fcm });
}
