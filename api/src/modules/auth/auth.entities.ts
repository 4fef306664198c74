import { Session } from './entities/session.entity.js';

/** The tables the auth module owns. */
export const AUTH_ENTITIES = [Session];
