import { Session } from '../../modules/auth/entities/session.entity.js';
import { EventReport } from '../../modules/events/entities/event-report.entity.js';
import { Event } from '../../modules/events/entities/event.entity.js';
import { Media } from '../../modules/uploads/entities/media.entity.js';
import { User } from '../../modules/users/entities/user.entity.js';
import { OutboxEvent } from '../outbox/outbox-event.entity.js';

/** Every entity the DataSource knows. A module adds its entities here. */
export const ENTITIES = [OutboxEvent, User, Session, Media, Event, EventReport];
