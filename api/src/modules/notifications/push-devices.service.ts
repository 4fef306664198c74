import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type DeviceInput, type DeviceView, type PreferencesView, type PushConfigView } from '../../contracts/notifications.contract.js';
import { type NotificationType } from '../../contracts/notification-types.js';
import { PushDevicesRepository } from './push-devices.repository.js';
import { WebPushKeys } from './push/web-push-keys.js';

/** The devices a person's pushes go to, and which types they want pushed. */
@Injectable()
export class PushDevicesService {
  constructor(
    private readonly devices: PushDevicesRepository,
    private readonly webPushKeys: WebPushKeys,
  ) {}

  async register(userId: string, sessionId: string | null, device: DeviceInput): Promise<DeviceView> {
    const registered = await this.devices.register(userId, sessionId, device);
    return { id: registered.id, kind: registered.kind, createdAt: new Date(registered.createdAt).toISOString() };
  }

  unregister(userId: string, token: string): Promise<void> {
    return this.devices.unregister(userId, token);
  }

  /** Signing out stops the pushes to the device that signed out. */
  forgetSession(sessionId: string): Promise<void> {
    return this.devices.removeForSession(sessionId);
  }

  /** A refreshed session keeps its device's pushes. */
  moveSession(tx: EntityManager, from: string, to: string): Promise<void> {
    return this.devices.moveSession(tx, from, to);
  }

  forgetAllOf(tx: EntityManager, userId: string): Promise<void> {
    return this.devices.removeAllOf(tx, userId);
  }

  /** Every device of the person but those registered in the session `keptSessionId`. */
  forgetAllOfBut(tx: EntityManager, userId: string, keptSessionId: string): Promise<void> {
    return this.devices.removeAllOfBut(tx, userId, keptSessionId);
  }

  async preferences(userId: string): Promise<PreferencesView> {
    return { muted: (await this.devices.muted(userId)) as NotificationType[] };
  }

  async setPreferences(userId: string, muted: NotificationType[]): Promise<PreferencesView> {
    await this.devices.setMuted(userId, [...new Set(muted)]);
    return this.preferences(userId);
  }

  pushConfig(): PushConfigView {
    return { webPushPublicKey: this.webPushKeys.publicKey };
  }
}
