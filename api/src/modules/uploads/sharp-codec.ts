import { loadOnce } from '../../platform/load-once.js';

/** sharp (libvips), loaded by the first upload or variant job rather than at boot. */
export const loadSharp = loadOnce(async () => (await import('sharp')).default);
