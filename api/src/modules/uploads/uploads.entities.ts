import { Media } from './entities/media.entity.js';

/** The tables the uploads module owns. */
export const UPLOADS_ENTITIES = [Media];
