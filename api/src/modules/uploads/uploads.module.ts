import { Module } from '@nestjs/common';
import { StorageModule } from '../../platform/providers/storage/storage.module.js';
import { MediaRepository } from './media.repository.js';
import { UploadsController } from './uploads.controller.js';
import { UploadsService } from './uploads.service.js';

@Module({
  imports: [StorageModule],
  controllers: [UploadsController],
  providers: [MediaRepository, UploadsService],
  exports: [UploadsService],
})
export class UploadsModule {}
