import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ErasesPersonalData, type PersonalDataEraser } from '../../platform/privacy/personal-data-erasure.js';
import { Session } from './entities/session.entity.js';

/** A deleted account's sessions (revoked when it was deleted) go entirely. */
@Injectable()
@ErasesPersonalData({ name: 'sessions', order: 30 })
export class SessionsErasure implements PersonalDataEraser {
  constructor(private readonly dataSource: DataSource) {}

  async erasePersonalData(userId: string): Promise<void> {
    await this.dataSource.getRepository(Session).delete({ userId });
  }
}
