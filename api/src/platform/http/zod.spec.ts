import { z } from 'zod';
import { Messages } from '../../contracts/messages.js';
import { ValidationError } from './domain-error.js';
import { describeZodError, jsonSchema, nulCharacterPath, uuidParam, ZodPipe } from './zod.js';

const errorOf = (schema: z.ZodType, value: unknown): z.ZodError => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the value to be refused');
  return result.error;
};

describe('describeZodError', () => {
  const schema = z.object({
    age: z.number({ message: 'must be a number' }).min(18, { message: 'must be at least 18' }),
    links: z.array(z.url({ message: 'must be a valid URL' })).optional(),
    address: z.object({ city: z.string({ message: 'is required' }) }).optional(),
  });

  it('names the field before its problem', () => {
    expect(describeZodError(errorOf(schema, { age: 17 }), 'body')).toBe('age: must be at least 18');
    expect(describeZodError(errorOf(schema, { age: 'x' }), 'body')).toBe('age: must be a number');
  });

  it('names nested fields and list positions with dots', () => {
    expect(describeZodError(errorOf(schema, { age: 20, links: ['https://a.in', 'nope'] }), 'body')).toBe('links.1: must be a valid URL');
    expect(describeZodError(errorOf(schema, { age: 20, address: {} }), 'query')).toBe('address.city: is required');
  });

  it('reports only the first problem', () => {
    expect(describeZodError(errorOf(schema, { age: 1, links: ['nope'] }), 'body')).toBe('age: must be at least 18');
  });

  it('sends catalogue messages as they are, without a field name', () => {
    const mobile = z.object({ mobile_number: z.string().refine(() => false, { message: Messages.mobile.notIndian }) });
    expect(describeZodError(errorOf(mobile, { mobile_number: '5' }), 'body')).toBe('Please enter a valid Indian mobile number');
    const login = z.object({ email: z.string({ message: Messages.auth.enterEmailAndPassword }) });
    expect(describeZodError(errorOf(login, {}), 'body')).toBe('Please enter email and password');
  });

  it('says an object was expected when the whole body is of the wrong kind', () => {
    for (const body of [undefined, null, [], 'text', 42, true]) {
      expect(describeZodError(errorOf(schema, body), 'body')).toBe('body: Expected an object');
    }
    expect(describeZodError(errorOf(schema, 'text'), 'query')).toBe('query: Expected an object');
  });

  it('names the source for a refinement on the whole object', () => {
    const range = z
      .object({ min: z.number(), max: z.number() })
      .refine((value) => value.min <= value.max, { message: 'min must not exceed max' });
    expect(describeZodError(errorOf(range, { min: 5, max: 1 }), 'query')).toBe('query: min must not exceed max');
  });
});

describe('ZodPipe', () => {
  const schema = z.object({ name: z.string({ message: 'is required' }), page: z.coerce.number().default(1) });

  it('returns the parsed value with unknown fields dropped', () => {
    expect(new ZodPipe(schema, 'body').transform({ name: 'Asha', is_admin: true })).toEqual({ name: 'Asha', page: 1 });
  });

  it('throws a 400 ValidationError naming the field', () => {
    const pipe = new ZodPipe(schema, 'body');
    expect(() => pipe.transform({})).toThrow(ValidationError);
    expect(() => pipe.transform({})).toThrow('name: is required');
    try {
      pipe.transform({});
    } catch (error) {
      expect((error as ValidationError).status).toBe(400);
      expect((error as ValidationError).code).toBe('validation');
    }
  });

  it('carries the code a schema gave its problem', () => {
    const rule = z.object({ min: z.number(), max: z.number() }).superRefine((value, ctx) => {
      if (value.min > value.max) ctx.addIssue({ code: 'custom', message: 'min must not exceed max', params: { code: 'range_reversed' } });
    });
    try {
      new ZodPipe(rule, 'query').transform({ min: 5, max: 1 });
      throw new Error('expected the value to be refused');
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).message).toBe('query: min must not exceed max');
      expect((error as ValidationError).code).toBe('range_reversed');
    }
  });

  it('treats a missing body as not an object, but a missing query as empty', () => {
    expect(() => new ZodPipe(schema, 'body').transform(undefined)).toThrow('body: Expected an object');
    const optional = z.object({ page: z.coerce.number().default(1) });
    expect(new ZodPipe(optional, 'query').transform(undefined)).toEqual({ page: 1 });
  });

  it('refuses text holding a NUL character (PostgreSQL cannot store it), naming the field', () => {
    const pipe = new ZodPipe(z.object({ name: z.string(), tags: z.array(z.string()).optional() }), 'body');
    expect(() => pipe.transform({ name: 'Asha\u0000' })).toThrow('name: must not contain the NUL character (U+0000)');
    expect(() => pipe.transform({ name: 'Asha', tags: ['ok', 'b\u0000d'] })).toThrow('tags.1: must not contain');
    expect(() => new ZodPipe(z.string(), 'query').transform('\u0000')).toThrow('query: must not contain');
    // Only what the schema keeps is searched: a dropped unknown field does not matter.
    expect(pipe.transform({ name: 'Asha', extra: '\u0000' })).toEqual({ name: 'Asha' });
  });

  it('checks ids with uuidParam', () => {
    const pipe = new ZodPipe(uuidParam, 'params');
    expect(() => pipe.transform({ id: 'not-a-uuid' })).toThrow('id: must be a valid id');
    expect(pipe.transform({ id: '3f1c2b9e-8a6d-4c1e-9b7a-2d5e6f708192' })).toEqual({
      id: '3f1c2b9e-8a6d-4c1e-9b7a-2d5e6f708192',
    });
  });
});

describe('jsonSchema', () => {
  it('documents the input side of a schema, with required fields', () => {
    const schema = z.object({ email: z.string(), age: z.coerce.number().optional() });
    expect(jsonSchema(schema)).toMatchObject({ type: 'object', required: ['email'] });
  });
});

describe('nulCharacterPath', () => {
  it('finds the first NUL in nested text and ignores everything else', () => {
    expect(nulCharacterPath({ a: 1, b: [new Date(), 'x'], c: { d: 'e\u0000' } })).toBe('c.d');
    expect(nulCharacterPath({ a: 'fine', b: ['also fine'], when: new Date() })).toBeUndefined();
    expect(nulCharacterPath('\u0000')).toBe('');
  });
});
