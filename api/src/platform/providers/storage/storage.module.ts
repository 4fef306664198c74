import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import { type AppConfig } from '../../config/config.schema.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { S3Storage } from './s3.storage.js';
import { STORAGE, type StoragePort } from './storage.port.js';

/** Where the API serves local-disk files (the uploads module's public route). */
export const LOCAL_FILES_PATH = 'api/v1/upload/files';

/** The adapter STORAGE_DRIVER names: local disk by default, an S3-compatible bucket in production. */
export function createStorage(config: AppConfig): StoragePort {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION ?? 'us-east-1',
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      publicUrl: config.S3_PUBLIC_URL,
      credentials: {
        accessKeyId: config.AWS_ACCESS_KEY_ID!,
        secretAccessKey: config.AWS_SECRET_ACCESS_KEY!,
        sessionToken: config.AWS_SESSION_TOKEN,
      },
    });
  }
  // Files may be served from a host of their own (PUBLIC_FILES_URL, forwarding to this API), so they
  // never share an origin, or cookies, with the API or the web.
  const origin = config.PUBLIC_FILES_URL;
  const base = new URL(LOCAL_FILES_PATH, origin.endsWith('/') ? origin : `${origin}/`);
  return new LocalDiskStorage(config.UPLOAD_DIR, base.toString());
}

/** The prefix of every public URL `storage` makes (a URL made for a sample key, less the key). */
export function publicUploadBase(storage: StoragePort): string {
  const sample = 'sample.jpg';
  return storage.publicUrl(sample).slice(0, -sample.length);
}

@Global()
@Module({
  providers: [{ provide: STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createStorage(config) }],
  exports: [STORAGE],
})
export class StorageModule {}
