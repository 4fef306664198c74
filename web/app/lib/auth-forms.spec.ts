import {
  changePasswordFormSchema,
  deleteAccountFormSchema,
  loginFormSchema,
  profileFormSchema,
  registerFormSchema,
  roleFormSchema,
} from './auth-forms';
import { parseForm } from './forms';

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

describe('login form', () => {
  it('asks for the terms before anything else', () => {
    expect(parseForm(loginFormSchema, form({ email: '', password: '' }))).toMatchObject({
      ok: false,
      formError: 'Please accept the Terms and Conditions to continue',
    });
  });

  it('needs both email and password', () => {
    for (const values of [{ email: 'a@example.in' }, { password: 'x' }, { email: '  ', password: 'x' }] as Record<string, string>[]) {
      expect(parseForm(loginFormSchema, form({ ...values, terms: 'on' }))).toMatchObject({
        ok: false,
        formError: 'Please enter email and password',
      });
    }
  });

  it('passes a complete form, lower-casing the email', () => {
    expect(parseForm(loginFormSchema, form({ email: ' Asha@Example.in ', password: 'pw', terms: 'on', returnTo: '/settings' }))).toEqual({
      ok: true,
      data: { email: 'asha@example.in', password: 'pw', terms: true, returnTo: '/settings' },
    });
  });
});

describe('register form', () => {
  it('names each field that is wrong', () => {
    const result = parseForm(registerFormSchema, form({ name: '', email: 'not-an-email', password: 'short' }));
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        name: 'Please enter your name',
        email: 'Please enter a valid email address',
        password: 'Password must be at least 8 characters',
        terms: 'Please accept the Terms and Conditions to continue',
      },
    });
  });

  it('accepts a good account', () => {
    expect(
      parseForm(registerFormSchema, form({ name: 'Meera', email: 'm@example.in', password: 'long-enough', terms: 'on' })),
    ).toMatchObject({ ok: true });
  });
});

describe('profile form', () => {
  const good = { name: 'Meera Iyer', age: '26', gender: 'female', mobileNumber: '98765 43210' };

  it('normalises the mobile number to +91', () => {
    expect(parseForm(profileFormSchema, form(good))).toMatchObject({ ok: true, data: { mobileNumber: '+919876543210', age: 26 } });
    expect(parseForm(profileFormSchema, form({ ...good, mobileNumber: '+91-98765-43210' }))).toMatchObject({
      ok: true,
      data: { mobileNumber: '+919876543210' },
    });
  });

  it.each([
    ['', 'Please enter a mobile number'],
    ['12345', 'Please enter a valid 10-digit mobile number'],
    ['5123456789', 'Please enter a valid Indian mobile number'],
  ])('refuses mobile %j with the spec message', (mobileNumber, message) => {
    expect(parseForm(profileFormSchema, form({ ...good, mobileNumber }))).toMatchObject({
      ok: false,
      fieldErrors: { mobileNumber: message },
    });
  });

  it('requires an adult age and a gender of male or female', () => {
    expect(parseForm(profileFormSchema, form({ ...good, age: '17' }))).toMatchObject({
      ok: false,
      fieldErrors: { age: 'You must be at least 18 to join Tribe' },
    });
    expect(parseForm(profileFormSchema, form({ ...good, age: '' }))).toMatchObject({
      ok: false,
      fieldErrors: { age: 'Please enter your age' },
    });
    expect(parseForm(profileFormSchema, form({ ...good, age: '2x' }))).toMatchObject({
      ok: false,
      fieldErrors: { age: 'Please enter your age in years' },
    });
    expect(parseForm(profileFormSchema, form({ ...good, gender: 'other' }))).toMatchObject({
      ok: false,
      fieldErrors: { gender: 'Please choose your gender' },
    });
  });
});

describe('settings and deletion forms', () => {
  it('switches only between fan and influencer', () => {
    expect(parseForm(roleFormSchema, form({ intent: 'switch-role', role: 'influencer' }))).toMatchObject({ ok: true });
    expect(parseForm(roleFormSchema, form({ intent: 'switch-role', role: 'admin' }))).toMatchObject({
      ok: false,
      fieldErrors: { role: 'Role must be fan or influencer' },
    });
  });

  it('deletes only when DELETE is typed', () => {
    expect(parseForm(deleteAccountFormSchema, form({ confirm: 'DELETE' }))).toMatchObject({ ok: true });
    expect(parseForm(deleteAccountFormSchema, form({ confirm: 'delete' }))).toMatchObject({
      ok: false,
      fieldErrors: { confirm: 'Type DELETE to confirm' },
    });
    expect(parseForm(deleteAccountFormSchema, form({}))).toMatchObject({ ok: false });
  });
});

describe('change password form', () => {
  const form = (values: Record<string, string>) => parseForm(changePasswordFormSchema, values);

  it('accepts the current password and a new one typed twice', () => {
    expect(form({ current_password: 'old-secret', new_password: 'new-secret-1', confirm_password: 'new-secret-1' })).toEqual({
      ok: true,
      data: { current_password: 'old-secret', new_password: 'new-secret-1', confirm_password: 'new-secret-1' },
    });
  });

  it('names what is missing or wrong, field by field', () => {
    expect(form({ new_password: 'short', confirm_password: 'other' })).toEqual({
      ok: false,
      formError: null,
      fieldErrors: {
        current_password: 'Please enter your current password',
        new_password: 'Password must be at least 8 characters',
        confirm_password: 'The new passwords do not match',
      },
    });
  });
});
