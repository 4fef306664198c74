import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import { type AppConfig } from '../../config/config.schema.js';
import { FirebaseIdentity } from './firebase.identity.js';
import { IDENTITY, type IdentityPort } from './identity.port.js';

export function createIdentity(config: AppConfig): IdentityPort {
  return new FirebaseIdentity({
    projectId: config.FIREBASE_PROJECT_ID,
    emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST,
    clientEmail: config.FIREBASE_CLIENT_EMAIL,
    privateKey: config.FIREBASE_PRIVATE_KEY,
  });
}

@Module({
  providers: [{ provide: IDENTITY, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createIdentity(config) }],
  exports: [IDENTITY],
})
export class IdentityModule {}
