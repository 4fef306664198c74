import { Body, Param, Query, type PipeTransform } from '@nestjs/common';
import { ApiBody, ApiParam, ApiQuery } from '@nestjs/swagger';
import { z, type ZodType } from 'zod';
import { ChatMessages } from '../../contracts/chat.contract.js';
import { CommunityMessages } from '../../contracts/community.contract.js';
import { ErrorCodes } from '../../contracts/error-codes.js';
import { Messages } from '../../contracts/messages.js';
import { issueCode, validationMessage } from '../../contracts/validation-message.js';
import { ValidationError } from './domain-error.js';

/** Catalogue messages are whole sentences written for people; they are not prefixed with a field. */
const CATALOGUE = new Set<string>([
  ...Object.values(Messages)
    .flatMap((group) => Object.values(group) as unknown[])
    .filter((message) => typeof message === 'string'),
  ...Object.values(ChatMessages),
  ...Object.values(CommunityMessages).filter((message) => typeof message === 'string'),
]);

type Source = 'body' | 'query' | 'params';

/** "email: Invalid email address" — the first problem, naming the field. */
export function describeZodError(error: z.ZodError, source: Source): string {
  const issue = error.issues[0];
  if (!issue) return validationMessage(source, 'Invalid input');
  if (CATALOGUE.has(issue.message)) return issue.message;
  const field = issue.path.length > 0 ? issue.path.join('.') : source;
  if (issue.path.length === 0 && issue.code === 'invalid_type') return validationMessage(field, 'Expected an object');
  return validationMessage(field, issue.message);
}

/** Deep enough for every schema (objects holding lists); anything deeper was dropped by the schema. */
const NUL_SEARCH_DEPTH = 8;

/**
 * The path of the first text holding U+0000, which PostgreSQL text cannot store (it would be a
 * 500), or undefined. Only the parsed value is searched: unknown fields are already dropped.
 */
export function nulCharacterPath(value: unknown, path: Array<string | number> = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (path.length >= NUL_SEARCH_DEPTH || typeof value !== 'object' || value === null) return undefined;
  if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) {
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const found = nulCharacterPath(item, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

export class ZodPipe<T extends ZodType> implements PipeTransform<unknown, z.output<T>> {
  constructor(
    private readonly schema: T,
    private readonly source: Source,
  ) {}

  transform(value: unknown): z.output<T> {
    const result = this.schema.safeParse(value ?? (this.source === 'body' ? undefined : {}));
    if (!result.success) {
      throw new ValidationError(
        describeZodError(result.error, this.source),
        issueCode(result.error.issues[0]) ?? ErrorCodes.generic.validation,
      );
    }
    const nul = nulCharacterPath(result.data);
    if (nul !== undefined) throw new ValidationError(validationMessage(nul || this.source, 'must not contain the NUL character (U+0000)'));
    return result.data;
  }
}

export function jsonSchema(schema: ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

function methodDescriptor(target: object, key: string | symbol | undefined): [string | symbol, PropertyDescriptor] {
  if (key === undefined) throw new Error('zod parameter decorators only work on methods');
  return [key, Object.getOwnPropertyDescriptor(target, key)!];
}

function schemaProperties(schema: ZodType): Array<[string, Record<string, unknown>, boolean]> {
  const json = jsonSchema(schema) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => [name, property, json.required?.includes(name) ?? false]);
}

/** Validated request body; the same schema documents it in OpenAPI. */
export function ZBody(schema: ZodType): ParameterDecorator {
  return (target, key, index) => {
    Body(new ZodPipe(schema, 'body'))(target, key, index);
    const [name, descriptor] = methodDescriptor(target, key);
    ApiBody({ schema: jsonSchema(schema) })(target, name, descriptor);
  };
}

export function ZQuery(schema: ZodType): ParameterDecorator {
  return (target, key, index) => {
    Query(new ZodPipe(schema, 'query'))(target, key, index);
    const [name, descriptor] = methodDescriptor(target, key);
    for (const [field, property, required] of schemaProperties(schema)) {
      ApiQuery({ name: field, required, schema: property })(target, name, descriptor);
    }
  };
}

export function ZParams(schema: ZodType): ParameterDecorator {
  return (target, key, index) => {
    Param(new ZodPipe(schema, 'params'))(target, key, index);
    const [name, descriptor] = methodDescriptor(target, key);
    for (const [field, property] of schemaProperties(schema)) {
      ApiParam({ name: field, schema: property })(target, name, descriptor);
    }
  };
}

/** A path's `id`, as stored: PostgreSQL reads any case, but ids compared or keyed in code (group keys, caches) must be spelled one way. */
export const uuidParam = z.object({ id: z.uuid({ message: 'must be a valid id' }).transform((id) => id.toLowerCase()) });
