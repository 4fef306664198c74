import { z } from 'zod';

/** Web settings, parsed once; defaults work on a laptop with `npm start`. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  API_URL: z.string().url().default('http://127.0.0.1:3001'),
  SESSION_SECRET: z.string().min(16).default('local-development-session-secret'),
  COOKIE_SECURE: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  COMPANY_NAME: z.string().default('Tribe Social Technologies Private Limited'),
  COMPANY_ADDRESS: z.string().default('4th Floor, 80 Feet Road, Koramangala, Bengaluru, Karnataka 560034, India'),
  CONTACT_EMAIL: z.string().email().default('support@tribe.example'),
});

export const webConfig = schema.parse(process.env);
