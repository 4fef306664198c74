import { Module, type DynamicModule } from '@nestjs/common';
import { APP_ENTITIES } from './app.entities.js';
import { AdminModule } from './modules/admin/admin.module.js';
import { AnalyticsModule } from './modules/analytics/analytics.module.js';
import { ApplicationsModule } from './modules/applications/applications.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { CalendarModule } from './modules/calendar/calendar.module.js';
import { ChatModule } from './modules/chat/chat.module.js';
import { CommunityModule } from './modules/community/community.module.js';
import { EventsModule } from './modules/events/events.module.js';
import { InvoicesModule } from './modules/invoices/invoices.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { PaymentProviderModule } from './modules/payments/payment-provider.module.js';
import { PushSenderModule } from './modules/notifications/push/push-sender.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { PayoutsModule } from './modules/payouts/payouts.module.js';
import { RatingsModule } from './modules/ratings/ratings.module.js';
import { TicketsModule } from './modules/tickets/tickets.module.js';
import { UploadsModule } from './modules/uploads/uploads.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { AdminAuditModule } from './platform/audit/admin-audit.js';
import { ConfigModule } from './platform/config/config.module.js';
import { type AppConfig } from './platform/config/config.schema.js';
import { DatabaseModule } from './platform/database/database.module.js';
import { HealthModule } from './platform/health/health.module.js';
import { ProbesModule } from './platform/health/probes.module.js';
import { JobsModule } from './platform/jobs/jobs.module.js';
import { MetricsModule } from './platform/metrics/metrics.module.js';
import { OutboxModule } from './platform/outbox/outbox.module.js';
import { QueueModule } from './platform/queue/queue.module.js';
import { PortsModule } from './ports.module.js';

/** Platform modules shared by the HTTP process and the workers process. */
export function coreModules(config: AppConfig) {
  return [
    ConfigModule.forRoot(config),
    DatabaseModule.forRoot(APP_ENTITIES),
    QueueModule,
    MetricsModule,
    ProbesModule,
    OutboxModule,
    JobsModule,
    AdminAuditModule,
  ];
}

/** The domain modules: the API serves their controllers, the workers run their jobs. */
export function domainModules(config: AppConfig) {
  return [
    AuthModule,
    UsersModule,
    UploadsModule,
    EventsModule,
    NotificationsModule,
    PaymentProviderModule.forRoot(config),
    PushSenderModule.forRoot(config),
    PaymentsModule,
    TicketsModule,
    ApplicationsModule,
    InvoicesModule,
    PayoutsModule,
    ChatModule,
    CommunityModule,
    RatingsModule,
    CalendarModule,
    PortsModule,
    AdminModule,
    AnalyticsModule,
  ];
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: AppModule, imports: [...coreModules(config), HealthModule, ...domainModules(config)] };
  }
}
