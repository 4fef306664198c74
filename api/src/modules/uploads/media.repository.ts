import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Media } from './entities/media.entity.js';

export type NewMedia = Pick<Media, 'id' | 'ownerId' | 'kind' | 'storageKey' | 'contentType' | 'bytes' | 'variantsStatus'> &
  Partial<Pick<Media, 'width' | 'height'>>;

/** The media table (the variants job's SQL on it lives with the job). */
@Injectable()
export class MediaRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(tx: EntityManager, media: NewMedia): Promise<void> {
    await tx.insert(Media, media);
  }

  async findImage(id: string): Promise<Media | undefined> {
    return (await this.dataSource.getRepository(Media).findOne({ where: { id, kind: 'image' } })) ?? undefined;
  }
}
