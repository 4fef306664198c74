import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Messages } from '../../contracts/messages.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { CurrentUser, Public, type AuthUser } from '../../platform/http/auth-context.js';
import { NotFoundError } from '../../platform/http/domain-error.js';
import { uuidParam, ZParams } from '../../platform/http/zod.js';
import { isStorageKey } from '../../platform/providers/storage/storage-keys.js';
import { STORAGE, type StoragePort } from '../../platform/providers/storage/storage.port.js';
import { parseRange } from './byte-range.js';
import { uploadedFileHeaders } from './file-headers.js';
import { filePart } from './upload-receiver.js';
import { UploadsService } from './uploads.service.js';

const form = (field: string) => ({
  schema: { type: 'object', required: [field], properties: { [field]: { type: 'string', format: 'binary' } } },
});

@ApiTags('uploads')
@ApiBearerAuth()
@Controller('upload')
export class UploadsController {
  constructor(
    private readonly uploads: UploadsService,
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @ApiConsumes('multipart/form-data')
  @ApiBody(form('image'))
  async uploadImage(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest) {
    await this.uploads.admit(user);
    const file = await filePart(request, 'image', this.config.UPLOAD_MAX_IMAGE_BYTES);
    return this.uploads.uploadImage(user, file);
  }

  @Post('video')
  @ApiConsumes('multipart/form-data')
  @ApiBody(form('video'))
  async uploadVideo(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest) {
    await this.uploads.admit(user);
    const file = await filePart(request, 'video', this.config.UPLOAD_MAX_VIDEO_BYTES);
    return this.uploads.uploadVideo(user, file);
  }

  @Get('responsive/:id')
  responsive(@ZParams(uuidParam) params: { id: string }) {
    return this.uploads.responsive(params.id);
  }

  /**
   * The local-disk store's files (with S3 the public URLs point at the bucket or CDN instead), best
   * reached through PUBLIC_FILES_URL, a host of their own.
   */
  @Public()
  @Get('files/:key')
  async file(@Param('key') key: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const info = isStorageKey(key) ? await this.storage.head(key) : null;
    if (!info) throw new NotFoundError(Messages.generic.notFound);
    const range = parseRange(request.headers.range, info.bytes);
    if (range === 'unsatisfiable') {
      return reply.status(416).header('content-range', `bytes */${info.bytes}`).send({ error: 'Requested range not satisfiable' });
    }
    const object = await this.storage.read(key, range);
    if (!object) throw new NotFoundError(Messages.generic.notFound);
    reply.headers(uploadedFileHeaders(key, info.contentType));
    if (range) {
      reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${info.bytes}`);
      reply.header('content-length', range.end - range.start + 1);
    } else {
      reply.header('content-length', info.bytes);
    }
    return reply.send(object.stream);
  }
}
