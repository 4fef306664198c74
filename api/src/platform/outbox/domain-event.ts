import { type z } from 'zod';

/**
 * A domain event a module publishes through the outbox: its type (`<subject>.<what happened>`) and
 * the zod schema of its payload. Payloads carry ids, never whole objects or secrets.
 */
export interface DomainEventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  readonly type: Type;
  readonly schema: Schema;
}

export type PayloadOf<Event extends DomainEventDefinition> = z.infer<Event['schema']>;

const EVENT_TYPE = /^[a-z_]+\.[a-z_]+$/;

export function defineDomainEvent<Type extends string, Schema extends z.ZodObject>(
  type: Type,
  schema: Schema,
): DomainEventDefinition<Type, Schema> {
  if (!EVENT_TYPE.test(type)) throw new Error(`Domain event type "${type}" must read <subject>.<what_happened> in snake_case`);
  return { type, schema };
}

/** Thrown when a payload does not match its event's schema (at publish, and again at relay). */
export class InvalidDomainEventError extends Error {
  constructor(type: string, issues: string) {
    super(`Payload of ${type} does not match its schema: ${issues}`);
  }
}

export function parsePayload<Event extends DomainEventDefinition>(event: Event, payload: unknown): PayloadOf<Event> {
  const parsed = event.schema.safeParse(payload);
  if (!parsed.success)
    throw new InvalidDomainEventError(
      event.type,
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`).join('; '),
    );
  return parsed.data as PayloadOf<Event>;
}
