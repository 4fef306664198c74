import { Module } from '@nestjs/common';
import { AdminNotificationFanOut } from './admin-notification-fan-out.service.js';
import { AdminNotificationsController } from './admin-notifications.controller.js';
import { AdminNotificationsRepository } from './admin-notifications.repository.js';
import { AdminNotificationsService } from './admin-notifications.service.js';
import { AdminNotificationSendHandler } from './jobs/admin-notification-send.job.js';
import { AdminNotificationsStartDueHandler } from './jobs/admin-notifications-start-due.job.js';
import { NotificationPushHandler } from './jobs/notification-push.job.js';
import { PushDeliverHandler } from './jobs/push-deliver.job.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsDeletionStep, NotificationsErasureStep } from './notifications-deletion.step.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';
import { PushDeliveriesRepository } from './push-deliveries.repository.js';
import { PushDevicesRepository } from './push-devices.repository.js';
import { PushDevicesService } from './push-devices.service.js';
import { PushPlanner } from './push-planner.service.js';

/**
 * Notifications: the inbox, the devices pushes go to, and the two-level push fan-out
 * (notification.push plans deliveries per device, push.deliver sends them in batches). Depends on
 * no other domain module: the others record what they have to tell through NotificationsService.
 */
@Module({
  controllers: [NotificationsController, AdminNotificationsController],
  providers: [
    NotificationsRepository,
    NotificationsService,
    PushDevicesRepository,
    PushDevicesService,
    PushDeliveriesRepository,
    PushPlanner,
    NotificationPushHandler,
    PushDeliverHandler,
    NotificationsDeletionStep,
    NotificationsErasureStep,
    AdminNotificationsRepository,
    AdminNotificationsService,
    AdminNotificationFanOut,
    AdminNotificationSendHandler,
    AdminNotificationsStartDueHandler,
  ],
  exports: [NotificationsService, PushDevicesService, PushPlanner, NotificationsDeletionStep, NotificationsErasureStep],
})
export class NotificationsModule {}
