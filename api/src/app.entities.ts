import { AUTH_ENTITIES } from './modules/auth/auth.entities.js';
import { EVENTS_ENTITIES } from './modules/events/events.entities.js';
import { UPLOADS_ENTITIES } from './modules/uploads/uploads.entities.js';
import { USERS_ENTITIES } from './modules/users/users.entities.js';
import { OutboxEvent } from './platform/outbox/outbox-event.entity.js';

/** Every entity the DataSource maps (API, workers, scripts). A module adds its list here. */
export const APP_ENTITIES = [OutboxEvent, ...USERS_ENTITIES, ...AUTH_ENTITIES, ...UPLOADS_ENTITIES, ...EVENTS_ENTITIES];
