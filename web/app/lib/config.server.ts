import { z } from 'zod';

const DEVELOPMENT_SESSION_SECRET = 'local-development-session-secret';

/**
 * Web settings, parsed once; defaults work on a laptop (`npm start` supplies a random session
 * secret). In production a well-known secret would let anyone forge a session cookie, so there is none.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  API_URL: z.string().url().default('http://127.0.0.1:3001'),
  SESSION_SECRET: z.string().min(16).optional(),
  COOKIE_SECURE: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  COMPANY_NAME: z.string().default('Tribe Social Technologies Private Limited'),
  COMPANY_ADDRESS: z.string().default('4th Floor, 80 Feet Road, Koramangala, Bengaluru, Karnataka 560034, India'),
  CONTACT_EMAIL: z.string().email().default('support@tribe.example'),
});

function parseWebConfig(env: NodeJS.ProcessEnv) {
  const parsed = schema.parse(env);
  if (parsed.NODE_ENV === 'production' && (!parsed.SESSION_SECRET || parsed.SESSION_SECRET === DEVELOPMENT_SESSION_SECRET)) {
    throw new Error('SESSION_SECRET must be set to a long random value in production (it signs the session cookie).');
  }
  return { ...parsed, SESSION_SECRET: parsed.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET };
}

export const webConfig = parseWebConfig(process.env);
