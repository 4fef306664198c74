import { describeZodError } from '../platform/http/zod.js';
import {
  changePasswordSchema,
  checkMobileSchema,
  isProfileComplete,
  loginSchema,
  profileFieldsSchema,
  registerSchema,
} from './user.contract.js';

/** The message the API would send for this body, or the parsed data. */
function parse(
  schema: typeof profileFieldsSchema | typeof registerSchema | typeof loginSchema | typeof checkMobileSchema | typeof changePasswordSchema,
  body: unknown,
) {
  const result = schema.safeParse(body);
  return result.success ? { data: result.data as Record<string, unknown> } : { error: describeZodError(result.error, 'body') };
}

const register = (fields: Record<string, unknown>) =>
  parse(registerSchema, { email: 'Asha@Example.in', password: 'a-good-password', name: 'Asha', ...fields });

describe('registerSchema', () => {
  it('needs only email, password and name, and lower-cases the email', () => {
    expect(register({})).toEqual({ data: { email: 'asha@example.in', password: 'a-good-password', name: 'Asha' } });
  });

  it('drops fields that are not profile fields', () => {
    const { data } = register({
      is_admin: true,
      wallet_balance: 999,
      verified: true,
      id: 'x',
      government_id_url: 'https://a.b/c',
    });
    expect(Object.keys(data!).sort()).toEqual(['email', 'name', 'password']);
  });

  it('names the field that is missing or of the wrong type', () => {
    expect(register({ name: undefined }).error).toBe('name: is required');
    expect(register({ name: '   ' }).error).toBe('name: is required');
    expect(register({ name: 5 }).error).toBe('name: must be text');
    expect(register({ password: undefined }).error).toBe('password: is required');
    expect(register({ password: 'short' }).error).toBe('password: must be at least 8 characters');
    expect(register({ email: 'not-an-email' }).error).toBe('email: must be a valid email address');
    expect(register({ email: undefined }).error).toBe('Please enter email and password');
    expect(register({ email: 5 }).error).toBe('Please enter email and password');
  });

  it('refuses the admin role', () => {
    expect(register({ role: 'admin' }).error).toBe('Role must be fan or influencer');
    expect(register({ role: 'influencer' }).data).toMatchObject({ role: 'influencer' });
  });
});

describe('profileFieldsSchema', () => {
  const profile = (fields: Record<string, unknown>) => parse(profileFieldsSchema, fields);

  it('accepts age as a number or as digits, and nothing else', () => {
    expect(profile({ age: 27 }).data).toEqual({ age: 27 });
    expect(profile({ age: ' 27 ' }).data).toEqual({ age: 27 });
    expect(profile({ age: null }).data).toEqual({ age: null });
    for (const age of ['abc', '', true, [27], {}]) expect(profile({ age }).error).toBe('age: must be a number');
    expect(profile({ age: 27.5 }).error).toBe('age: must be a whole number');
    expect(profile({ age: 17 }).error).toBe('age: must be at least 18');
    expect(profile({ age: '101' }).error).toBe('age: must be at most 100');
  });

  it('accepts only http and https links', () => {
    expect(profile({ avatar_url: 'https://cdn.example.in/a.jpg' }).data).toEqual({ avatar_url: 'https://cdn.example.in/a.jpg' });
    expect(profile({ facebook_url: 'http://localhost:3001/uploads/a.jpg' }).data).toEqual({
      facebook_url: 'http://localhost:3001/uploads/a.jpg',
    });
    for (const link of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://files.example.in/a', 'not a url', 'https://']) {
      expect(profile({ instagram_url: link }).error).toBe('instagram_url: must be a valid URL');
    }
    expect(profile({ media_gallery: ['https://a.example.in/1.jpg', 'javascript:alert(1)'] }).error).toBe(
      'media_gallery.1: must be a valid URL',
    );
  });

  it('strips the @ from an Instagram handle and refuses odd characters', () => {
    expect(profile({ instagram_handle: '@tribe.host' }).data).toEqual({ instagram_handle: 'tribe.host' });
    expect(profile({ instagram_handle: 'two words' }).error).toBe('instagram_handle: must be a valid Instagram handle');
  });

  it('normalises the mobile number and uses the spec messages unprefixed', () => {
    expect(profile({ mobile_number: '+91 98765-43210' }).data).toEqual({ mobile_number: '+919876543210' });
    expect(profile({ mobile_number: '919876543210' }).data).toEqual({ mobile_number: '+919876543210' });
    expect(profile({ mobile_number: '12345' }).error).toBe('Please enter a valid 10-digit mobile number');
    expect(profile({ mobile_number: '5876543210' }).error).toBe('Please enter a valid Indian mobile number');
    expect(profile({ mobile_number: 9876543210 }).error).toBe('mobile_number: must be text');
  });

  it('has no way to mark the number verified', () => {
    const claims = { mobile_verified: true, mobile_verified_at: '2025-01-01T00:00:00Z', mobileVerifiedAt: '2025-01-01' };
    expect(profile({ mobile_number: '9876543210', ...claims }).data).toEqual({ mobile_number: '+919876543210' });
    expect(register({ mobile_number: '9876543210', ...claims }).data).not.toHaveProperty('mobile_verified_at');
  });

  it('allows only male or female, and only fan or influencer', () => {
    expect(profile({ gender: 'other' }).error).toBe('gender: must be male or female');
    expect(profile({ role: 'admin' }).error).toBe('Role must be fan or influencer');
    expect(profile({ role: 'fan' }).data).toEqual({ role: 'fan' });
  });
});

describe('loginSchema and checkMobileSchema', () => {
  it('asks for email and password when either is missing or empty', () => {
    for (const body of [{}, { email: 'a@b.in' }, { password: 'x' }, { email: '', password: 'x' }, { email: 'a@b.in', password: '' }]) {
      expect(parse(loginSchema, body).error).toBe('Please enter email and password');
    }
  });

  it('asks for a mobile number when none is sent', () => {
    expect(parse(checkMobileSchema, {}).error).toBe('Please enter a mobile number');
    expect(parse(checkMobileSchema, { mobile_number: '919876543210' }).data).toEqual({ mobile_number: '+919876543210' });
  });
});

describe('changePasswordSchema', () => {
  const change = (fields: Record<string, unknown>) =>
    parse(changePasswordSchema, { current_password: 'the-old-password', new_password: 'a-new-password', ...fields });

  it('keeps both passwords exactly as typed and drops anything else', () => {
    expect(change({ current_password: ' spaced old ', new_password: ' spaced new ', user_id: 'x' })).toEqual({
      data: { current_password: ' spaced old ', new_password: ' spaced new ' },
    });
  });

  it('asks for the current password', () => {
    expect(change({ current_password: undefined }).error).toBe('current_password: is required');
    expect(change({ current_password: '' }).error).toBe('current_password: is required');
    expect(change({ current_password: 12345678 }).error).toBe('current_password: must be text');
    expect(change({ current_password: 'x'.repeat(129) }).error).toBe('current_password: must be at most 128 characters');
  });

  it('holds the new password to the same rules as sign-up', () => {
    expect(change({ new_password: undefined }).error).toBe('new_password: is required');
    expect(change({ new_password: ['a-new-password'] }).error).toBe('new_password: must be text');
    expect(change({ new_password: 'short' }).error).toBe('new_password: must be at least 8 characters');
    expect(change({ new_password: 'x'.repeat(129) }).error).toBe('new_password: must be at most 128 characters');
    expect(change({ new_password: 'x'.repeat(128) }).data).toMatchObject({ new_password: 'x'.repeat(128) });
  });

  it('refuses a new password equal to the current one, with the unprefixed message', () => {
    expect(change({ new_password: 'the-old-password' }).error).toBe('The new password must be different from the current one');
    expect(change({ new_password: 'the-old-password ' }).data).toMatchObject({ new_password: 'the-old-password ' });
  });

  it('reports a field problem rather than the comparison when both are wrong', () => {
    expect(change({ current_password: 'short', new_password: 'short' }).error).toBe('new_password: must be at least 8 characters');
  });
});

describe('isProfileComplete', () => {
  it('needs a name, an age and a gender', () => {
    expect(isProfileComplete({ name: 'Asha', age: 27, gender: 'female' })).toBe(true);
    expect(isProfileComplete({ name: 'Asha', age: null, gender: 'female' })).toBe(false);
    expect(isProfileComplete({ name: 'Asha', age: 27, gender: null })).toBe(false);
    expect(isProfileComplete({ name: '  ', age: 27, gender: 'female' })).toBe(false);
  });
});
