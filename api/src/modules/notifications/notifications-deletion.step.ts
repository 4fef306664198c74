import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type AccountDeletionStep } from '../users/account-deletion.port.js';
import { type AccountErasureStep } from '../users/account-erasure.port.js';
import { NotificationsRepository } from './notifications.repository.js';
import { PushDevicesRepository } from './push-devices.repository.js';

/** A deleted account gets no more pushes: its devices go with the deletion. */
@Injectable()
export class NotificationsDeletionStep implements AccountDeletionStep {
  constructor(private readonly devices: PushDevicesRepository) {}

  async withinDeletion(userId: string, tx: EntityManager): Promise<void> {
    await this.devices.removeAllOf(tx, userId);
  }
}

/** Erasure removes the person's inbox and push preferences. */
@Injectable()
export class NotificationsErasureStep implements AccountErasureStep {
  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationsRepository,
    private readonly devices: PushDevicesRepository,
  ) {}

  async erase(userId: string): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await this.devices.removeAllOf(tx, userId);
      await this.devices.removeMutesOf(tx, userId);
      await this.notifications.deleteAllOf(tx, userId);
    });
  }
}
