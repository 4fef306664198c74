import { Module } from '@nestjs/common';
import { StorageModule } from '../../platform/providers/storage/storage.module.js';
import { MediaVariantsHandler } from './jobs/media-variants.job.js';
import { UploadsSweepHandler } from './jobs/uploads-sweep.job.js';
import { UploadLimits } from './upload-limits.service.js';
import { UploadsErasureStep } from './uploads-erasure.step.js';
import { MediaRepository } from './media.repository.js';
import { UploadsController } from './uploads.controller.js';
import { UploadsService } from './uploads.service.js';

@Module({
  imports: [StorageModule],
  controllers: [UploadsController],
  providers: [MediaRepository, UploadLimits, UploadsService, UploadsErasureStep, MediaVariantsHandler, UploadsSweepHandler],
  exports: [UploadsService, UploadsErasureStep],
})
export class UploadsModule {}
