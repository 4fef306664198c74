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

/**
 * pino JSON logs. Tokens, passwords, cookies, OTPs and database values never reach them. Each line
 * written while a request or a job is under way carries its ids (log-context.ts).
 */
export function createLogger(level: string, name: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    name,
    level,
    mixin: () => currentLogContext() ?? {},
    serializers: { err: serializeError },
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
