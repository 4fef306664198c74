import { Application } from './entities/application.entity.js';

export const APPLICATIONS_ENTITIES = [Application];
