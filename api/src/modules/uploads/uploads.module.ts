import { Module } from '@nestjs/common';
import { StorageModule } from '../../platform/providers/storage/storage.module.js';
import { MediaVariantsHandler } from './jobs/media-variants.job.js';
import { UploadsErasure } from './uploads-erasure.js';
import { UploadsController } from './uploads.controller.js';
import { UploadsService } from './uploads.service.js';

@Module({
  imports: [StorageModule],
  controllers: [UploadsController],
  providers: [UploadsService, UploadsErasure, MediaVariantsHandler],
  exports: [UploadsService, UploadsErasure],
})
export class UploadsModule {}
