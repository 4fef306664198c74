import { z } from 'zod';
import { CommunityRates } from '../../contracts/community.contract.js';
import { checkGstin } from '../../contracts/kyc.js';
import { mostFailuresFromOneAddress } from './login-delays.js';
import { serviceAccountKeyIssue, vapidKeysIssue } from './push-keys.js';

const csv = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/** An optional setting that compose files pass as an empty string when it is not set. */
const optionalSetting = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/**
 * Every setting of the product. Defaults are safe for a laptop, so `npm start` needs no
 * configuration; production overrides them through the environment (see README).
 */
/** scrypt's cost for password hashes in production (the default; nothing lower is accepted there). */
const PRODUCTION_SCRYPT_COST = 16_384;

/** A rate in percent, worked in basis points (invoices/gst.ts) and kept with two decimals: a third would be kept one way and worked another. */
const percentWithTwoDecimals = z.coerce
  .number()
  .min(0)
  .refine((percent) => Number.isInteger(Math.round(percent * 100 * 1e6) / 1e6), 'must have at most two decimals');

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    API_HOST: z.string().default('0.0.0.0'),
    API_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
    WEB_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /**
     * Ports of the operations endpoints, never exposed publicly: the API's Prometheus /metrics, and the
     * workers' /live, /ready and /metrics. 0 picks any free port (the process logs which).
     */
    API_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    WORKERS_OPS_PORT: z.coerce.number().int().min(0).max(65535).default(9465),
    /**
     * On SIGTERM a process reports unready at once, keeps serving for SHUTDOWN_DRAIN_MS (load balancers
     * that poll readiness stop sending it work), then stops accepting and finishes what it started. It
     * exits within SHUTDOWN_GRACE_MS of the signal whatever remains (unfinished jobs go back to the queue).
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
    DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/tribe'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /**
     * How long a wait on PostgreSQL may last before the request fails with a 503: a new connection
     * (or a free one from the pool), one statement on the server (statement_timeout), and one query
     * as the client sees it (the backstop when the server does not answer at all: a partition).
     * Migrations run without the statement and query bounds.
     */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(6_000),
    REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
    /** How long the API waits for one Redis command (login and sign-up limits, change announcements) before a 503. */
    REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2_000),
    QUEUE_PREFIX: z.string().min(1).default('tribe'),
    CORS_ORIGINS: csv.default(['http://localhost:3000', 'http://127.0.0.1:3000']),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /**
     * Failed logins at one account per window, from all addresses together; past it, only addresses
     * that signed in to the account within LOGIN_KNOWN_ADDRESS_DAYS get through (ASVS 2.2.1).
     */
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
    /** Failed logins from one address per window, over all accounts. */
    LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(1000),
    LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
    /**
     * scrypt's cost N for new password hashes (a power of two). Lower only where many accounts are
     * made at once for tests; production refuses less than the default.
     */
    PASSWORD_SCRYPT_COST: z.coerce
      .number()
      .int()
      .min(1_024)
      .max(1_048_576)
      .refine((cost) => (cost & (cost - 1)) === 0, 'must be a power of two')
      .default(PRODUCTION_SCRYPT_COST),
    /** Failed logins one address may make at one account before each further attempt must wait. */
    LOGIN_DELAY_AFTER_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
    /** The first wait; each further failure doubles it, up to LOGIN_DELAY_MAX_MS. */
    LOGIN_DELAY_BASE_MS: z.coerce.number().int().min(1).default(1000),
    LOGIN_DELAY_MAX_MS: z.coerce.number().int().min(1).default(60_000),
    /** How long an address that signed in to an account (or created it) stays exempt from the account's limit. */
    LOGIN_KNOWN_ADDRESS_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** New accounts per visitor address per hour (sign-up spam, and the slow hash each one costs). */
    REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
    /**
     * The Firebase project whose ID tokens Google and phone sign-in accept (SPEC §7). A demo-* id is the
     * local Auth emulator's (FIREBASE_AUTH_EMULATOR_HOST, which firebase-admin reads): no account, no network.
     */
    FIREBASE_PROJECT_ID: z.string().min(1).default('demo-tribe'),
    FIREBASE_AUTH_EMULATOR_HOST: z.preprocess((value) => (value === '' ? undefined : value), z.string().optional()),
    /**
     * The project's service account: sends FCM pushes and signs the mobile app's custom tokens (the
     * emulator needs none). Its PEM key's "\n" written as two characters (as a .env file holds it)
     * counts as a newline.
     */
    FIREBASE_CLIENT_EMAIL: optionalSetting(z.email({ message: 'must be the service account e-mail' })),
    FIREBASE_PRIVATE_KEY: optionalSetting(z.string().transform((value) => value.replace(/\\n/g, '\n'))),
    /** Verification codes a mobile number may ask for per hour, and one address for all numbers (POST /auth/otp-attempt). */
    OTP_SENDS_PER_NUMBER_PER_HOUR: z.coerce.number().int().min(1).default(5),
    OTP_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
    /** Phone sign-ins (verified codes exchanged for a session) per number and per address per hour. */
    PHONE_SIGN_INS_PER_NUMBER_PER_HOUR: z.coerce.number().int().min(1).default(10),
    PHONE_SIGN_INS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(60),
    /** Firebase exchanges (Google or phone sign-in, custom tokens) per account per hour. */
    FIREBASE_EXCHANGES_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).default(30),
    /**
     * The workers' relay is woken by PostgreSQL (LISTEN on a channel a trigger on outbox_event
     * notifies) as soon as an event commits; its poll is then only the fallback. false: it only polls.
     */
    OUTBOX_LISTEN: flag.default(true),
    /** How often the relay looks for new events anyway: 2,000 ms by default while it listens, 250 ms when it only polls. */
    OUTBOX_POLL_MS: z.coerce.number().int().min(10).optional(),
    /** How often the workers compare the work the database says is due with the jobs in Redis. */
    RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
    /**
     * The workers process's CPU priority (nice, 0 to 19): background work (invoice PDFs above all)
     * yields the CPU to the API when both share a machine. 0 leaves it as started.
     */
    WORKERS_NICE: z.coerce.number().int().min(0).max(19).default(10),
    /** Multiplies every job's retry delays (tests shorten them; 1 in production). */
    JOB_BACKOFF_SCALE: z.coerce.number().positive().max(1).default(1),
    /**
     * Who takes payments: the local sandbox (the default; refused when NODE_ENV=production) or
     * Razorpay (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET required).
     */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'razorpay']).default('sandbox'),
    RAZORPAY_KEY_ID: z.string().optional(),
    RAZORPAY_KEY_SECRET: z.string().optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
    /** How long one call to the payment provider may take before it counts as a network failure. */
    PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    // A chat member sends at most this many messages to one room in any 10 s (ChatLimits.sendWindowMs).
    CHAT_SEND_BURST: z.coerce.number().int().min(1).max(1_000).default(20),
    // Receipts and room activity are held this long and sent once per room (the latest of each member's
    // marks, the room's last message) instead of one broadcast per message per member. 0 sends each at once.
    CHAT_SIGNAL_WINDOW_MS: z.coerce.number().int().min(0).max(2_000).default(200),
    // What one person may do in the community per window of CommunityRates (posts an hour, comments in
    // ten minutes, likes a minute, follows and reports an hour). Tests lower them; the bench raises them.
    COMMUNITY_POST_LIMIT: z.coerce.number().int().min(1).default(CommunityRates.post.limit),
    COMMUNITY_COMMENT_LIMIT: z.coerce.number().int().min(1).default(CommunityRates.comment.limit),
    COMMUNITY_LIKE_LIMIT: z.coerce.number().int().min(1).default(CommunityRates.like.limit),
    COMMUNITY_FOLLOW_LIMIT: z.coerce.number().int().min(1).default(CommunityRates.follow.limit),
    COMMUNITY_REPORT_LIMIT: z.coerce.number().int().min(1).default(CommunityRates.report.limit),
    // An unpaid order expires this long after it was made (the checkout is long closed by then).
    ORDER_EXPIRY_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(7 * 24 * 60)
      .default(60),
    // Razorpay retries a webhook for 24 hours; a signed body older than this is a replay.
    WEBHOOK_MAX_AGE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(48),
    /** The sandbox's keys (HMAC secrets, like Razorpay's): fixed local values unless set. */
    SANDBOX_KEY_ID: z.string().default('rzp_test_sandbox'),
    SANDBOX_KEY_SECRET: z.string().min(8).default('sandbox-key-secret'),
    SANDBOX_WEBHOOK_SECRET: z.string().min(8).default('sandbox-webhook-secret'),
    /** Where the sandbox sends its signed webhooks. Default: this API's own /payments/webhook. */
    SANDBOX_WEBHOOK_URL: z.string().url().optional(),
    /** The share of sandbox webhooks sent twice, as Razorpay sometimes does (0 to 1). */
    SANDBOX_WEBHOOK_DUPLICATE_RATE: z.coerce.number().min(0).max(1).default(0.1),
    /**
     * When the sandbox processes a refund: at_once, or later, as Razorpay's normal refunds are (days
     * on), pending until POST /sandbox/refunds/{id}/settle processes or fails it.
     */
    SANDBOX_REFUNDS: z.enum(['at_once', 'later']).default('at_once'),
    /**
     * Hours after its authorisation that a still pending application expires and its payment is
     * released: before the provider's own limit (Razorpay lets an authorisation lapse after about 3 days).
     */
    CAPTURE_WINDOW_HOURS: z.coerce.number().positive().max(120).default(60),
    /** Hours a waitlist offer holds its seat for the fan to pay (never past the event's start). */
    WAITLIST_OFFER_HOURS: z.coerce.number().positive().max(72).default(12),
    /** How often the waitlist offers job looks for lapsed offers and freed seats (tests shorten it). */
    WAITLIST_OFFERS_EVERY_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
    /** The product name and theme colour the checkout shows (SPEC §3, Payment configuration). */
    PAYMENT_DISPLAY_NAME: z.string().default('Tribe'),
    CHECKOUT_THEME_COLOR: z.string().default('#4F46E5'),
    /**
     * The supplier on tax invoices (CGST Rules, rule 46): the platform's legal name, address, GSTIN and
     * state. Demo values locally; production sets its own.
     */
    SUPPLIER_NAME: z.string().min(1).default('Tribe Social Technologies Private Limited'),
    SUPPLIER_ADDRESS: z.string().min(1).default('4th Floor, 80 Feet Road, Koramangala, Bengaluru, Karnataka 560034, India'),
    SUPPLIER_GSTIN: z.string().min(15).max(15).default('29AAICT1234F1ZF'),
    SUPPLIER_STATE: z.string().min(1).default('Karnataka'),
    /** GST on event admission (SAC 9996), in percent; CGST and SGST take half each within the supplier's state. */
    GST_RATE_PERCENT: percentWithTwoDecimals.max(28).default(18),
    /** The platform's fee, in percent of each captured payment: its own invoice line, and kept back from payouts. */
    PLATFORM_FEE_PERCENT: percentWithTwoDecimals.max(50).default(10),
    /** Letters before each invoice number (with the financial year and sequence, at most 16 characters). */
    INVOICE_PREFIX: z
      .string()
      .regex(/^[A-Z]{1,4}$/, { message: 'must be 1 to 4 capital letters' })
      .default('TRB'),
    /** How long a signed invoice download URL stays valid. */
    INVOICE_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
    /** Signs invoice download URLs (HMAC). Required in production; a fixed local value elsewhere. */
    INVOICE_URL_SECRET: z.string().min(16).optional(),
    /** Signs the tickets' QR tokens (HMAC). Required in production; a fixed local value elsewhere. */
    TICKET_SECRET: z.string().min(16).optional(),
    /**
     * Encrypts hosts' bank account numbers, PAN and UPI ids at rest (AES-256-GCM): 32 bytes as 64 hex
     * characters. Required in production; `npm start` keeps a random one in .data/kyc-key.
     */
    KYC_ENCRYPTION_KEY: z
      .string()
      .regex(/^[0-9a-f]{64}$/i, { message: 'must be 64 hex characters (32 bytes)' })
      .optional(),
    /**
     * Where pushes go: `log` records them in push_log (local runs and tests); `live` sends them to
     * browsers through Web Push (VAPID keys required) and to the mobile app through FCM (FIREBASE_*;
     * without them an FCM device's push is refused with "FCM is not configured").
     */
    PUSH_PROVIDER: z.enum(['log', 'live']).default('log'),
    /**
     * The key pair that signs Web Push requests (VAPID, RFC 8292); browsers subscribe with the public
     * one, so it is served with either provider. `npm start` keeps a pair in .data/.
     */
    VAPID_PUBLIC_KEY: optionalSetting(z.string().trim()),
    VAPID_PRIVATE_KEY: optionalSetting(z.string().trim()),
    /** Who push services may contact about our pushes (VAPID `sub`): a mailto: or https: address. */
    VAPID_SUBJECT: z
      .string()
      .trim()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { message: 'must be a mailto: or https: address' })
      .default('mailto:support@tribe.local'),
    /** Longest wait for one push request (an FCM call of up to 500 pushes, or one Web Push); longer is retried later. */
    PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    UPLOAD_DIR: z.string().default('.data/uploads'),
    /** This API's public address; defaults to localhost at API_PORT. */
    PUBLIC_API_URL: z.string().url().optional(),
    /**
     * Base of the local store's public file URLs ({PUBLIC_FILES_URL}/api/v1/upload/files/{key}): a
     * separate, cookieless host that forwards to this API. Defaults to PUBLIC_API_URL.
     */
    PUBLIC_FILES_URL: z.string().url().optional(),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().optional(),
    S3_ENDPOINT: z.string().url().optional(),
    S3_PUBLIC_URL: z.string().url().optional(),
    AWS_ACCESS_KEY_ID: z.string().optional(),
    AWS_SECRET_ACCESS_KEY: z.string().optional(),
    AWS_SESSION_TOKEN: z.string().optional(),
    /** Path-style URLs (endpoint/bucket/key), as MinIO and most S3-compatible stores want. */
    S3_FORCE_PATH_STYLE: flag.default(false),
    UPLOAD_MAX_IMAGE_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(10 * 1_048_576),
    UPLOAD_MAX_VIDEO_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(100 * 1_048_576),
    /** Uploads (images and videos, accepted or refused) per person per minute and per hour; over is a 429. */
    UPLOAD_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    UPLOAD_RATE_PER_HOUR: z.coerce.number().int().min(1).default(150),
    /** Bytes of uploads (originals) a person may keep; an upload past it is a 413. */
    UPLOAD_QUOTA_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(2 * 1_073_741_824),
    /** Images decoded at once in each API process (sharp shares the libuv pool with password hashing). */
    UPLOAD_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    /** Images that may wait for a decode slot, and for how long; beyond either the upload is a 503. */
    UPLOAD_DECODE_MAX_WAITING: z.coerce.number().int().min(0).default(8),
    UPLOAD_DECODE_MAX_WAIT_MS: z.coerce.number().int().min(0).default(10_000),
    /** Uploads no record references are deleted this long after they were uploaded. */
    UPLOAD_SWEEP_GRACE_HOURS: z.coerce.number().positive().default(24),
    /**
     * Which proxies' X-Forwarded-For to believe (Fastify trustProxy): "false", "true", or addresses,
     * CIDRs and the names loopback/linklocal/uniquelocal. Loopback by default: the web server runs
     * beside the API and forwards the visitor's address, so login limits count visitors, not the web.
     */
    TRUST_PROXY: z
      .string()
      .default('loopback')
      .transform((value) => (value === 'true' ? true : value === 'false' ? false : value)),
    /**
     * Event list pages and single events' rows (EVENT_LIST_CACHE_TTL_MS) and list totals are cached
     * this long in each API process (then served while refreshed, up to twice as long); event writes
     * clear them at once, here and, through Redis, in the other processes. 0 turns each off.
     */
    EVENT_LIST_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(15_000),
    EVENT_TOTAL_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(30_000),
    EVENT_LIST_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(5_000),
    /**
     * The shared part of community feed pages (posts, authors, first comments) is cached this long in
     * each API process; each request still reads counts, likes and what was removed fresh. 0 turns it off.
     */
    COMMUNITY_FEED_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    COMMUNITY_FEED_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(2_000),
    /**
     * Event list totals are counted exactly up to this many events; a filter matching more stops
     * counting there and answers it with `totalExact: false` ("10,000+"). See docs/decisions.md.
     */
    EVENT_TOTAL_EXACT_UP_TO: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  })
  .superRefine((config, ctx) => {
    if (config.LOGIN_DELAY_MAX_MS < config.LOGIN_DELAY_BASE_MS) {
      ctx.addIssue({ code: 'custom', path: ['LOGIN_DELAY_MAX_MS'], message: 'must be at least LOGIN_DELAY_BASE_MS' });
    } else {
      // One address alone must never close an account to its owner's other addresses.
      const oneAddress = mostFailuresFromOneAddress(config);
      if (oneAddress >= config.LOGIN_MAX_FAILURES_PER_ACCOUNT) {
        ctx.addIssue({
          code: 'custom',
          path: ['LOGIN_MAX_FAILURES_PER_ACCOUNT'],
          message: `must be more than the ${oneAddress} failed logins one address can make at one account in a window with these LOGIN_DELAY_* settings (lengthen the waits or raise the limit)`,
        });
      }
    }
    if (config.NODE_ENV === 'production' && config.PASSWORD_SCRYPT_COST < PRODUCTION_SCRYPT_COST) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_SCRYPT_COST'],
        message: `must be at least ${PRODUCTION_SCRYPT_COST} when NODE_ENV=production`,
      });
    }
    if (config.SHUTDOWN_DRAIN_MS >= config.SHUTDOWN_GRACE_MS) {
      ctx.addIssue({ code: 'custom', path: ['SHUTDOWN_DRAIN_MS'], message: 'must be less than SHUTDOWN_GRACE_MS' });
    }
    if (config.PAYMENT_PROVIDER === 'sandbox' && config.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'the sandbox takes no real money and cannot run with NODE_ENV=production: set PAYMENT_PROVIDER=razorpay with its keys',
      });
    }
    if (
      config.PAYMENT_PROVIDER === 'razorpay' &&
      (!config.RAZORPAY_KEY_ID || !config.RAZORPAY_KEY_SECRET || !config.RAZORPAY_WEBHOOK_SECRET)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['RAZORPAY_KEY_ID'],
        message: 'RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are required when PAYMENT_PROVIDER=razorpay',
      });
    }
    if (config.NODE_ENV === 'production' && (!config.INVOICE_URL_SECRET || !config.KYC_ENCRYPTION_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['KYC_ENCRYPTION_KEY'],
        message: 'INVOICE_URL_SECRET and KYC_ENCRYPTION_KEY are required when NODE_ENV=production',
      });
    }
    if (config.NODE_ENV === 'production' && !config.TICKET_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['TICKET_SECRET'], message: 'TICKET_SECRET is required when NODE_ENV=production' });
    }
    checkPushSettings(config, ctx);
    const gstin = checkGstin(config.SUPPLIER_GSTIN);
    if (!gstin.ok) ctx.addIssue({ code: 'custom', path: ['SUPPLIER_GSTIN'], message: gstin.error });
    if (config.STORAGE_DRIVER === 's3' && !config.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE_DRIVER=s3' });
    }
    if (config.STORAGE_DRIVER === 's3' && (!config.AWS_ACCESS_KEY_ID || !config.AWS_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['AWS_ACCESS_KEY_ID'],
        message: 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are required when STORAGE_DRIVER=s3',
      });
    }
  })
  .transform((config) => {
    const PUBLIC_API_URL = config.PUBLIC_API_URL ?? `http://localhost:${config.API_PORT}`;
    return {
      ...config,
      OUTBOX_POLL_MS: config.OUTBOX_POLL_MS ?? (config.OUTBOX_LISTEN ? 2_000 : 250),
      PUBLIC_API_URL,
      PUBLIC_FILES_URL: config.PUBLIC_FILES_URL ?? PUBLIC_API_URL,
      SANDBOX_WEBHOOK_URL: config.SANDBOX_WEBHOOK_URL ?? `http://127.0.0.1:${config.API_PORT}/api/v1/payments/webhook`,
      INVOICE_URL_SECRET: config.INVOICE_URL_SECRET ?? 'local-development-invoice-url-secret',
      TICKET_SECRET: config.TICKET_SECRET ?? 'local-development-ticket-secret',
      KYC_ENCRYPTION_KEY: config.KYC_ENCRYPTION_KEY ?? '0'.repeat(63) + '1',
    };
  });

interface PushSettings {
  PUSH_PROVIDER: 'log' | 'live';
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  FIREBASE_PROJECT_ID: string;
  FIREBASE_CLIENT_EMAIL?: string;
  FIREBASE_PRIVATE_KEY?: string;
}

/**
 * Live pushes need the VAPID keys (browsers are the first devices). FCM credentials are optional:
 * a misspelt or half-given set is refused, but none at all only leaves FCM devices' pushes refused.
 */
function checkPushSettings(config: PushSettings, ctx: z.RefinementCtx): void {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = config;
  if (publicKey && privateKey) {
    const issue = vapidKeysIssue(publicKey, privateKey);
    if (issue) ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: issue });
  } else if (publicKey || privateKey) {
    ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together' });
  } else if (config.PUSH_PROVIDER === 'live') {
    ctx.addIssue({
      code: 'custom',
      path: ['VAPID_PUBLIC_KEY'],
      message:
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when PUSH_PROVIDER=live (make a pair with `npx web-push generate-vapid-keys`)',
    });
  }
  const { FIREBASE_CLIENT_EMAIL: clientEmail, FIREBASE_PRIVATE_KEY: serviceAccountKey } = config;
  if (!clientEmail && !serviceAccountKey) return;
  if (!clientEmail || !serviceAccountKey || config.FIREBASE_PROJECT_ID.startsWith('demo-')) {
    ctx.addIssue({
      code: 'custom',
      path: ['FIREBASE_CLIENT_EMAIL'],
      message:
        "FIREBASE_PROJECT_ID (a real project, not the emulator's demo-*), FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY go together (the service account that sends FCM pushes)",
    });
    return;
  }
  const issue = serviceAccountKeyIssue(serviceAccountKey);
  if (issue) ctx.addIssue({ code: 'custom', path: ['FIREBASE_PRIVATE_KEY'], message: issue });
}

export type AppConfig = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function parseConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
