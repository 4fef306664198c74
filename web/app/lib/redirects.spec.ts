import { canUseSupport, completeProfilePath, isAdminUser, loginPathFor, postLoginPath, safeReturnTo, signupPathFor } from './redirects';

describe('safeReturnTo', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeReturnTo('/settings')).toBe('/settings');
    expect(safeReturnTo('/home?tab=plan-together#top')).toBe('/home?tab=plan-together#top');
    expect(safeReturnTo('/event/abc/../def')).toBe('/event/def');
  });

  it('defaults to /home when missing or not text', () => {
    expect(safeReturnTo(undefined)).toBe('/home');
    expect(safeReturnTo(null)).toBe('/home');
    expect(safeReturnTo('')).toBe('/home');
    expect(safeReturnTo(42)).toBe('/home');
  });

  it.each([
    '//evil.example',
    '//evil.example/path',
    'https://evil.example',
    'http:/evil.example',
    'javascript:alert(1)',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'evil.example',
    '  //evil.example',
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/a/..//evil.example/x',
  ])('refuses %j', (value) => {
    expect(safeReturnTo(value)).toBe('/home');
  });

  it('uses the fallback it is given', () => {
    expect(safeReturnTo('//x', '/public')).toBe('/public');
  });
});

describe('after login', () => {
  const fan = {
    role: 'fan',
    isAdmin: false,
    needs_profile: false,
    email: 'a@example.in',
    name: 'Asha Rao',
    mobile_number: '+919876543210',
  };

  it('sends people to returnTo, reduced to a same-origin path', () => {
    expect(postLoginPath(fan, '/settings')).toBe('/settings');
    expect(postLoginPath(fan, '//evil.example')).toBe('/home');
    expect(postLoginPath(fan, undefined)).toBe('/home');
  });

  it('sends admins to /admin, by role or by flag', () => {
    expect(postLoginPath({ ...fan, role: 'admin' }, '/settings')).toBe('/admin');
    expect(postLoginPath({ ...fan, isAdmin: true }, '/settings')).toBe('/admin');
    expect(postLoginPath({ ...fan, admin_permissions: { support: true } }, '/settings')).toBe('/admin');
    expect(postLoginPath({ ...fan, admin_permissions: { support: false } }, '/settings')).toBe('/settings');
    expect(isAdminUser({ is_admin: true })).toBe(true);
    expect(isAdminUser({ role: 'influencer' })).toBe(false);
    expect(isAdminUser(null)).toBe(false);
  });

  it('sends an incomplete profile to /signup with email, name and mobileNumber, keeping returnTo', () => {
    const path = postLoginPath({ ...fan, needs_profile: true }, '/settings');
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/signup');
    expect(url.searchParams.get('email')).toBe('a@example.in');
    expect(url.searchParams.get('name')).toBe('Asha Rao');
    expect(url.searchParams.get('mobileNumber')).toBe('9876543210');
    expect(url.searchParams.get('returnTo')).toBe('/settings');
  });

  it('always carries the three query parameters, even when empty', () => {
    const url = new URL(completeProfilePath({ email: null, name: null, mobile_number: null }), 'http://x');
    expect([...url.searchParams.keys()]).toEqual(['email', 'name', 'mobileNumber']);
  });

  it('builds the login path with an encoded returnTo', () => {
    expect(loginPathFor('/event/e1/edit?x=1')).toBe('/login?returnTo=%2Fevent%2Fe1%2Fedit%3Fx%3D1');
    expect(loginPathFor('//evil.example')).toBe('/login?returnTo=%2Fhome');
  });

  it('builds the signup path with the page to come back to, and plain /signup for the default', () => {
    expect(signupPathFor('/create-event')).toBe('/signup?returnTo=%2Fcreate-event');
    expect(signupPathFor('/home')).toBe('/signup');
    expect(signupPathFor('https://evil.example')).toBe('/signup');
  });
});

describe('canUseSupport', () => {
  it('lets admins and support staff use the job queue pages, and nobody else', () => {
    expect(canUseSupport({ role: 'admin' })).toBe(true);
    expect(canUseSupport({ role: 'fan', isAdmin: true })).toBe(true);
    expect(canUseSupport({ role: 'fan', admin_permissions: { support: true } })).toBe(true);
    expect(canUseSupport({ role: 'fan', admin_permissions: { support: false } })).toBe(false);
    expect(canUseSupport({ role: 'influencer', admin_permissions: null })).toBe(false);
    expect(canUseSupport(null)).toBe(false);
  });
});
