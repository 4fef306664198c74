import { UserReport } from './entities/user-report.entity.js';
import { User } from './entities/user.entity.js';

/** The tables the users module owns. */
export const USERS_ENTITIES = [User, UserReport];
