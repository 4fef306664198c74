import { EventReport } from './entities/event-report.entity.js';
import { Event } from './entities/event.entity.js';

/** The tables the events module owns. */
export const EVENTS_ENTITIES = [Event, EventReport];
