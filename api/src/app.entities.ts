import { APPLICATIONS_ENTITIES } from './modules/applications/applications.entities.js';
import { AUTH_ENTITIES } from './modules/auth/auth.entities.js';
import { CHAT_ENTITIES } from './modules/chat/chat.entities.js';
import { EVENTS_ENTITIES } from './modules/events/events.entities.js';
import { INVOICES_ENTITIES } from './modules/invoices/invoices.entities.js';
import { NOTIFICATIONS_ENTITIES } from './modules/notifications/notifications.entities.js';
import { PAYMENTS_ENTITIES } from './modules/payments/payments.entities.js';
import { PAYOUTS_ENTITIES } from './modules/payouts/payouts.entities.js';
import { UPLOADS_ENTITIES } from './modules/uploads/uploads.entities.js';
import { USERS_ENTITIES } from './modules/users/users.entities.js';
import { OutboxEvent } from './platform/outbox/outbox-event.entity.js';

/** Every entity the DataSource maps (API, workers, scripts). A module adds its list here. */
export const APP_ENTITIES = [
  OutboxEvent,
  ...USERS_ENTITIES,
  ...AUTH_ENTITIES,
  ...UPLOADS_ENTITIES,
  ...EVENTS_ENTITIES,
  ...NOTIFICATIONS_ENTITIES,
  ...PAYMENTS_ENTITIES,
  ...APPLICATIONS_ENTITIES,
  ...INVOICES_ENTITIES,
  ...PAYOUTS_ENTITIES,
  ...CHAT_ENTITIES,
];
