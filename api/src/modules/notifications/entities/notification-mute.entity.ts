import { Entity, PrimaryColumn } from 'typeorm';
import { type NotificationType } from '../../../contracts/notification-types.js';

/** A type the person keeps in the inbox but does not want pushed. */
@Entity('notification_mute')
export class NotificationMute {
  @PrimaryColumn('uuid')
  userId: string;

  @PrimaryColumn('text')
  type: NotificationType;
}
