import { z } from 'zod';
import { issueCode, readValidationMessage, validationMessage } from './validation-message.js';

describe('validation messages', () => {
  it('name the field first', () => {
    expect(validationMessage('links.1', 'must be a valid URL')).toBe('links.1: must be a valid URL');
  });

  it('read back as the top-level field and the problem', () => {
    expect(readValidationMessage('latitude: must be between -90 and 90')).toEqual({
      field: 'latitude',
      problem: 'must be between -90 and 90',
    });
    expect(readValidationMessage('custom_age_range.1: must be at most 100')).toEqual({
      field: 'custom_age_range',
      problem: 'must be at most 100',
    });
  });

  it('read a catalogue sentence as naming no field', () => {
    expect(readValidationMessage('Please enter a valid Indian mobile number')).toBeNull();
    expect(readValidationMessage('The end date must be after the start date.')).toBeNull();
  });
});

describe('issueCode', () => {
  it('reads the code a schema gave its problem, and nothing from other problems', () => {
    const schema = z.object({ age: z.number() }).superRefine((_value, ctx) => {
      ctx.addIssue({ code: 'custom', message: 'too young', params: { code: 'too_young' } });
    });
    expect(issueCode(schema.safeParse({ age: 3 }).error?.issues[0])).toBe('too_young');
    expect(issueCode(schema.safeParse({ age: 'x' }).error?.issues[0])).toBeNull();
    expect(issueCode(undefined)).toBeNull();
  });
});
