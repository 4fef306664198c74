import { type LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { currentLogContext } from './log-context.js';

/** Fields of a database error that hold the statement's values or the failing row. */
const VALUE_FIELDS = ['parameters', 'detail'] as const;

/**
 * pino's error serializer, minus the values a database error carries: TypeORM's `parameters` and
 * PostgreSQL's `detail` ("Failing row contains (...)") would put password hashes, emails and full
 * phone numbers in the logs. The statement, message, code and constraint stay.
 */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  if (typeof serialized !== 'object' || serialized === null) return serialized;
  const scrub = (record: Record<string, unknown>) => {
    for (const field of VALUE_FIELDS) if (field in record) record[field] = '[redacted]';
  };
  const record = serialized as Record<string, unknown>;
  scrub(record);
  if (typeof record.driverError === 'object' && record.driverError !== null) {
    record.driverError = { ...(record.driverError as Record<string, unknown>) };
    scrub(record.driverError as Record<string, unknown>);
  }
  return record;
}

/** A path segment that is itself a secret: a calendar feed's token (GET /calendar/{token}.ics). */
const SECRET_PATH = /\/calendar\/[^/?#]+\.ics/g;

/** The URL with its secret path segments replaced; other URLs as they are. */
export const scrubUrl = (url: string): string => url.replace(SECRET_PATH, '/calendar/[redacted].ics');

/**
 * Fastify logs each request's URL ("incoming request"); a request whose path holds a secret is
 * logged with the secret replaced. Fastify's own serializer still shapes the line.
 */
function scrubRequestUrl(args: unknown[]): void {
  const fields = args[0];
  if (typeof fields !== 'object' || fields === null || !('req' in fields)) return;
  const req = (fields as { req: unknown }).req;
  if (typeof req !== 'object' || req === null || typeof (req as { url?: unknown }).url !== 'string') return;
  const url = (req as { url: string }).url;
  const scrubbed = scrubUrl(url);
  if (scrubbed === url) return;
  const { method, host, ip, headers, socket } = req as Record<string, unknown>;
  args[0] = { ...fields, req: { method, url: scrubbed, host, ip, headers, socket } };
}

/**
 * pino JSON logs. Tokens (calendar feed links' too), passwords, cookies, OTPs and database values never reach them. Each line
 * written while a request or a job is under way carries its ids (log-context.ts).
 */
export function createLogger(level: string, name: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    name,
    level,
    mixin: () => currentLogContext() ?? {},
    serializers: { err: serializeError },
    hooks: {
      logMethod(args, method) {
        scrubRequestUrl(args);
        method.apply(this, args as Parameters<typeof method>);
      },
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.otp',
        '*.id_token',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Routes Nest's own log lines through the same pino instance. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  private write(level: 'info' | 'warn' | 'error' | 'debug' | 'trace', message: unknown, params: unknown[]) {
    const context = params.length > 0 && typeof params[params.length - 1] === 'string' ? params.pop() : undefined;
    if (message instanceof Error) this.logger[level]({ context, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.logger[level]({ context, ...message }, (params[0] as string) ?? '');
    else this.logger[level]({ context }, String(message));
  }

  log(message: unknown, ...params: unknown[]) {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, params);
  }
}
