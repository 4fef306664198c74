import { reportInputSchema } from './report-input.js';

const schema = reportInputSchema({ spam: 'Spam or scam', other: 'Something else' }, 20);
const problems = (body: unknown) => {
  const parsed = schema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('a report body', () => {
  it('takes a listed reason, with or without details, and trims the details', () => {
    expect(schema.parse({ reason: 'spam' })).toEqual({ reason: 'spam' });
    expect(schema.parse({ reason: 'spam', details: null })).toEqual({ reason: 'spam', details: null });
    expect(schema.parse({ reason: 'other', details: '  shouting \u202Ein chat  ' })).toEqual({
      reason: 'other',
      details: 'shouting in chat',
    });
  });

  it('refuses a reason not listed, "Something else" without a word, and details too long', () => {
    expect(problems({ reason: 'boring' })).toEqual(['reason: must be one of the listed reasons']);
    expect(problems({ reason: 'other' })).toEqual(['details: is required when the reason is "Something else"']);
    expect(problems({ reason: 'other', details: '   ' })).toEqual(['details: is required when the reason is "Something else"']);
    expect(problems({ reason: 'spam', details: 'x'.repeat(21) })).toEqual(['details: must be at most 20 characters']);
    expect(problems({ reason: 'spam', details: 42 })).toEqual(['details: must be text']);
  });
});
