import type { Response } from 'supertest';
import { bearer, completeProfile, makeAdmin, markMobileVerified, signUp, type SignedUp } from '../support/factories.js';
import { countRows, startTestApi, type TestApi } from '../support/test-api.js';

function expectError(response: Response, status: number, message?: string, code?: string): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: { error: message ?? expect.any(String), code: code ?? expect.any(String) },
  });
}

/** Fields nobody but the person themself may see. */
const PRIVATE_FIELDS = [
  'email',
  'mobile_number',
  'phone',
  'wallet_balance',
  'government_id_url',
  'is_admin',
  'isAdmin',
  'admin_permissions',
  'password_hash',
  'password',
];

/** This file has its own fresh database, so a counter gives unused numbers. */
let mobileCounter = 0;
const freshMobile = () => `8${String(++mobileCounter).padStart(9, '0')}`;

describe('users API', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  const row = async (id: string) => (await api.db.query('SELECT * FROM users WHERE id = $1', [id])).rows[0] as Record<string, unknown>;
  const update = (token: string, body: unknown) =>
    api
      .http()
      .put('/api/v1/users/me')
      .set(bearer(token))
      .send(body as object);

  describe('GET /users/{id}', () => {
    let owner: SignedUp;
    beforeAll(async () => {
      owner = await signUp(api, { ...completeProfile, mobile_number: '9000011111', name: 'Owner', bio: 'Hosts pub crawls' });
      await api.db.query(`UPDATE users SET wallet_balance = 1500, government_id_url = 'https://ids.example.in/owner.png' WHERE id = $1`, [
        owner.user.id,
      ]);
    });

    it('shows the person everything about themself', async () => {
      const response = await api.http().get(`/api/v1/users/${owner.user.id}`).set(bearer(owner.token)).expect(200);
      expect(response.body).toMatchObject({
        id: owner.user.id,
        email: owner.user.email,
        mobile_number: '+919000011111',
        wallet_balance: 1500,
        government_id_url: 'https://ids.example.in/owner.png',
        needs_profile: false,
        role: 'fan',
        name: 'Owner',
      });
    });

    it.each(['fan', 'influencer'])('never shows a %s the private fields of someone else', async (role) => {
      const viewer = await signUp(api, { role });
      const response = await api.http().get(`/api/v1/users/${owner.user.id}`).set(bearer(viewer.token)).expect(200);
      expect(response.body).toMatchObject({
        id: owner.user.id,
        name: 'Owner',
        bio: 'Hosts pub crawls',
        age: 27,
        gender: 'female',
      });
      for (const field of PRIVATE_FIELDS) expect(response.body).not.toHaveProperty(field);
      const text = JSON.stringify(response.body);
      expect(text).not.toContain(owner.user.email);
      expect(text).not.toContain('9000011111');
      expect(text).not.toContain('ids.example.in');
    });

    it("shows an admin the person's account but not their government ID's address (opened only by its audited link)", async () => {
      const admin = await signUp(api);
      await makeAdmin(api, admin.user.id);
      const response = await api.http().get(`/api/v1/users/${owner.user.id}`).set(bearer(admin.token)).expect(200);
      expect(response.body).toMatchObject({ id: owner.user.id, email: owner.user.email, wallet_balance: 1500, has_government_id: true });
      expect(response.body).not.toHaveProperty('government_id_url');
      expect(JSON.stringify(response.body)).not.toContain('ids.example.in');
    });

    it('answers 400 for an id that is not a uuid', async () => {
      expectError(await api.http().get('/api/v1/users/not-a-uuid').set(bearer(owner.token)), 400, 'id: must be a valid id');
      expectError(await api.http().get('/api/v1/users/123').set(bearer(owner.token)), 400, 'id: must be a valid id');
    });

    it('answers 404 for an unknown person', async () => {
      expectError(
        await api.http().get('/api/v1/users/6f1d3c2a-9b8e-4d7c-8a6b-5e4f3d2c1b0a').set(bearer(owner.token)),
        404,
        'User not found.',
      );
    });

    it('requires login', async () => {
      expectError(await api.http().get(`/api/v1/users/${owner.user.id}`), 401, 'No authentication token found');
      expectError(await api.http().get('/api/v1/users/not-a-uuid'), 401, 'No authentication token found');
    });
  });

  describe('PUT /users/me', () => {
    it('drops bidi control characters from the name and the bio', async () => {
      const person = await signUp(api);
      const response = await update(person.token, { name: 'Zoya \u202EKhan', bio: '\u2066Hello\u2069 there' }).expect(200);
      expect(response.body).toMatchObject({ name: 'Zoya Khan', bio: 'Hello there' });
    });

    it('updates the snake_case profile fields and returns the user', async () => {
      const person = await signUp(api);
      const body = {
        name: 'Priya Nair',
        username: 'Priya.Nair',
        bio: 'Board games and biryani',
        avatar_url: 'https://cdn.example.in/p.jpg',
        instagram_handle: '@priya.n',
        instagram_url: 'https://instagram.com/priya.n',
        facebook_url: 'https://facebook.com/priya.n',
        youtube_url: 'https://youtube.com/@priya',
        age: '31',
        gender: 'female',
        height: '5\'4"',
        work: 'Designer',
        education: 'NID',
        education_level: 'Masters',
        drinking: 'Socially',
        location: 'Bengaluru',
        mobile_number: '919812345678',
        media_gallery: ['https://cdn.example.in/1.jpg', 'https://cdn.example.in/2.jpg'],
        interests: ['food', 'arts'],
      };
      const response = await update(person.token, body).expect(200);
      expect(response.body).toMatchObject({
        ...body,
        id: person.user.id,
        username: 'priya.nair',
        instagram_handle: 'priya.n',
        age: 31,
        mobile_number: '+919812345678',
        needs_profile: false,
        email: person.user.email,
      });
      expect(await row(person.user.id)).toMatchObject({
        name: 'Priya Nair',
        username: 'priya.nair',
        instagram_handle: 'priya.n',
        education_level: 'Masters',
        mobile_number: '+919812345678',
        media_gallery: ['https://cdn.example.in/1.jpg', 'https://cdn.example.in/2.jpg'],
        interests: ['food', 'arts'],
        age: 31,
      });
    });

    it('leaves fields that were not sent alone, and clears fields sent as null', async () => {
      const person = await signUp(api, { bio: 'First bio', location: 'Pune' });
      await update(person.token, { location: null }).expect(200);
      expect(await row(person.user.id)).toMatchObject({ bio: 'First bio', location: null, name: 'Test Person' });
    });

    it('switches between fan and influencer', async () => {
      const person = await signUp(api);
      expect((await update(person.token, { role: 'influencer' }).expect(200)).body.role).toBe('influencer');
      expect((await row(person.user.id)).role).toBe('influencer');
      expect((await update(person.token, { role: 'fan' }).expect(200)).body.role).toBe('fan');
      expect((await row(person.user.id)).role).toBe('fan');
    });

    it('never lets anyone make themself admin', async () => {
      const person = await signUp(api, { bio: 'unchanged' });
      const before = await row(person.user.id);

      expectError(await update(person.token, { role: 'admin', bio: 'changed' }), 400, 'Role must be fan or influencer');
      expect(await row(person.user.id)).toEqual(before);

      const response = await update(person.token, {
        is_admin: true,
        isAdmin: true,
        admin_permissions: { approve_events: true, delete_events: true, verify_influencers: true },
        wallet_balance: 100000,
        verified: true,
        email: 'takeover@example.in',
        government_id_url: 'https://x.example.in/id.png',
        id: '00000000-0000-4000-8000-000000000001',
      }).expect(200);
      expect(response.body).toMatchObject({
        isAdmin: false,
        is_admin: false,
        role: 'fan',
        wallet_balance: 0,
        verified: false,
        email: person.user.email,
      });
      const after = await row(person.user.id);
      expect(after).toMatchObject({
        role: 'fan',
        is_admin: false,
        admin_permissions: null,
        wallet_balance: 0,
        verified: false,
        email: person.user.email,
        government_id_url: null,
      });
      await api.http().get('/api/v1/admin/queues').set(bearer(person.token)).expect(403);
    });

    it('refuses a role change from an admin with 403, but lets them edit the rest', async () => {
      const admin = await signUp(api);
      await makeAdmin(api, admin.user.id);
      for (const role of ['fan', 'influencer']) {
        expectError(await update(admin.token, { role, bio: 'changed' }), 403, 'Admins cannot switch between fan and influencer views');
      }
      expect(await row(admin.user.id)).toMatchObject({ role: 'admin', is_admin: true, bio: null });
      const response = await update(admin.token, { bio: 'Support' }).expect(200);
      expect(response.body).toMatchObject({ role: 'admin', isAdmin: true, bio: 'Support' });
    });

    it('turns needs_profile false once name, age and gender are set, and true again if one is cleared', async () => {
      const person = await signUp(api);
      expect(person.user.needs_profile).toBe(true);
      expect((await update(person.token, { age: 24 }).expect(200)).body.needs_profile).toBe(true);
      expect((await update(person.token, { gender: 'male' }).expect(200)).body.needs_profile).toBe(false);
      const login = await api.http().post('/api/v1/auth/login').send({ email: person.user.email, password: person.password }).expect(200);
      expect(login.body.user.needs_profile).toBe(false);
      expect((await update(person.token, { age: null }).expect(200)).body.needs_profile).toBe(true);
    });

    it('lets two accounts save the same unverified number, and both complete their profile', async () => {
      const mobile = freshMobile();
      const squatter = await signUp(api);
      await update(squatter.token, { mobile_number: mobile }).expect(200);
      const owner = await signUp(api);
      expect(owner.user.needs_profile).toBe(true);

      // The web's signup step sends the number along with the rest of the profile.
      const response = await update(owner.token, { name: 'Owner', age: 30, gender: 'male', mobile_number: `+91 ${mobile}` }).expect(200);
      expect(response.body).toMatchObject({ needs_profile: false, mobile_number: `+91${mobile}`, mobile_verified: false });
      for (const person of [squatter, owner]) {
        expect(await row(person.user.id)).toMatchObject({ mobile_number: `+91${mobile}`, mobile_verified_at: null });
      }
      expect((await row(owner.user.id)).age).toBe(30);
    });

    it("takes a number someone else verified as the caller's own unverified number, and leaves theirs verified", async () => {
      const mobile = freshMobile();
      const owner = await signUp(api, { mobile_number: mobile });
      await markMobileVerified(api, owner.user.id);
      const verifiedAt = (await row(owner.user.id)).mobile_verified_at;
      const other = await signUp(api);

      const response = await update(other.token, { mobile_number: mobile }).expect(200);
      expect(response.body).toMatchObject({ mobile_number: `+91${mobile}`, mobile_verified: false });
      expect(await row(other.user.id)).toMatchObject({ mobile_number: `+91${mobile}`, mobile_verified_at: null });
      expect(await row(owner.user.id)).toMatchObject({ mobile_number: `+91${mobile}`, mobile_verified_at: verifiedAt });
    });

    it('offers no way to mark a number verified, and writes nothing that claims it', async () => {
      const person = await signUp(api, { mobile_number: freshMobile(), bio: 'before' });
      const before = await row(person.user.id);
      const response = await update(person.token, {
        bio: 'after',
        mobile_verified: true,
        mobile_verified_at: '2025-01-01T00:00:00.000Z',
        mobileVerifiedAt: '2025-01-01T00:00:00.000Z',
      }).expect(200);
      expect(response.body.mobile_verified).toBe(false);
      expect(await row(person.user.id)).toEqual({ ...before, bio: 'after', updated_at: expect.any(Date) });
    });

    it('keeps the verification when the same number is sent again, and drops it when the number changes or is cleared', async () => {
      const mobile = freshMobile();
      const person = await signUp(api, { mobile_number: mobile });
      await markMobileVerified(api, person.user.id);
      const verifiedAt = (await row(person.user.id)).mobile_verified_at;
      expect(verifiedAt).toEqual(expect.any(Date));

      expect((await update(person.token, { mobile_number: `+91 ${mobile}`, bio: 'same' }).expect(200)).body.mobile_verified).toBe(true);
      expect(await row(person.user.id)).toMatchObject({ mobile_number: `+91${mobile}`, mobile_verified_at: verifiedAt });

      const changed = freshMobile();
      expect((await update(person.token, { mobile_number: changed }).expect(200)).body.mobile_verified).toBe(false);
      expect(await row(person.user.id)).toMatchObject({ mobile_number: `+91${changed}`, mobile_verified_at: null });

      await markMobileVerified(api, person.user.id);
      await update(person.token, { mobile_number: null }).expect(200);
      expect(await row(person.user.id)).toMatchObject({ mobile_number: null, mobile_verified_at: null });
    });

    it('refuses to change or clear the number a phone-only account signs in with (409, nothing changed), until it has another way in', async () => {
      const mobile = freshMobile();
      const person = await signUp(api, { mobile_number: mobile });
      await markMobileVerified(api, person.user.id);
      // As phone sign-in makes it: a verified number, no email, no password.
      await api.db.query('UPDATE users SET email = NULL, password_hash = NULL WHERE id = $1', [person.user.id]);
      const before = await row(person.user.id);

      for (const mobile_number of [freshMobile(), null]) {
        const refused = await update(person.token, { mobile_number, bio: 'moved' }).expect(409);
        expect(refused.body).toMatchObject({ code: 'mobile_number_signs_in', error: expect.stringContaining('lock you out') });
        expect(await row(person.user.id)).toEqual(before);
      }
      expect((await update(person.token, { mobile_number: mobile, bio: 'same number' }).expect(200)).body.mobile_verified).toBe(true);

      // Google proved an email: that signs them in too, so the number may change.
      await api.db.query(`UPDATE users SET email = $2, email_verified_at = now() WHERE id = $1`, [
        person.user.id,
        `g${mobile}@example.com`,
      ]);
      const changed = freshMobile();
      expect((await update(person.token, { mobile_number: changed }).expect(200)).body).toMatchObject({
        mobile_number: `+91${changed}`,
        mobile_verified: false,
      });
    });

    it('accepts the number the person already has', async () => {
      const mobile = freshMobile();
      const person = await signUp(api, { mobile_number: mobile });
      await update(person.token, { mobile_number: mobile, bio: 'same number' }).expect(200);
    });

    it('answers 409 for a username that is taken', async () => {
      const first = await signUp(api);
      await update(first.token, { username: `taken_${first.user.id.slice(0, 8)}` }).expect(200);
      const second = await signUp(api);
      expectError(await update(second.token, { username: `TAKEN_${first.user.id.slice(0, 8)}` }), 409, 'This username is already taken');
      expect((await row(second.user.id)).username).toBeNull();
    });

    it.each([
      [{ age: 17 }, 'age: must be at least 18', 'validation'],
      [{ age: 101 }, 'age: must be at most 100', 'validation'],
      [{ age: 'abc' }, 'age: must be a number', 'validation'],
      [{ age: 30.5 }, 'age: must be a whole number', 'validation'],
      [{ age: [30] }, 'age: must be a number', 'validation'],
      [{ gender: 'other' }, 'gender: must be male or female', 'validation'],
      [{ avatar_url: 'not a url' }, 'avatar_url: must be a valid URL', 'validation'],
      [{ avatar_url: 'http://cdn.example.in/p.jpg' }, 'avatar_url: must be an https URL', 'media_url_not_https'],
      [{ cover_photo_url: 'http://cdn.example.in/c.jpg' }, 'cover_photo_url: must be an https URL', 'media_url_not_https'],
      [
        { profile_photos: ['https://cdn.example.in/a.jpg', 'http://cdn.example.in/b.jpg'] },
        'profile_photos.1: must be an https URL',
        'media_url_not_https',
      ],
      [{ media_gallery: ['http://cdn.example.in/a.jpg'] }, 'media_gallery.0: must be an https URL', 'media_url_not_https'],
      [{ instagram_url: 'javascript:alert(document.cookie)' }, 'instagram_url: must be a valid URL', 'validation'],
      [{ youtube_url: 'data:text/html,<script>alert(1)</script>' }, 'youtube_url: must be a valid URL', 'validation'],
      [{ media_gallery: ['https://cdn.example.in/a.jpg', 'nope'] }, 'media_gallery.1: must be a valid URL', 'validation'],
      [{ media_gallery: 'https://cdn.example.in/a.jpg' }, undefined, 'validation'],
      [{ interests: Array.from({ length: 31 }, (_, i) => `i${i}`) }, 'interests: can hold at most 30 interests', 'validation'],
      [{ bio: 'x'.repeat(501) }, 'bio: must be at most 500 characters', 'validation'],
      [{ name: '' }, 'name: is required', 'validation'],
      [{ name: 42 }, 'name: must be text', 'validation'],
      [{ username: 'a b' }, 'username: must be 3-30 letters, digits, dots or underscores', 'validation'],
      [{ instagram_handle: 'not a handle!' }, 'instagram_handle: must be a valid Instagram handle', 'validation'],
      [{ mobile_number: '12345' }, 'Please enter a valid 10-digit mobile number', 'invalid_mobile_number'],
      [{ mobile_number: '5123456789' }, 'Please enter a valid Indian mobile number', 'invalid_mobile_number'],
      [{ mobile_number: '' }, 'Please enter a mobile number', 'invalid_mobile_number'],
    ])('refuses %j with 400 naming the problem and its code, and changes nothing', async (body, message, code) => {
      const person = await signUp(api, { ...completeProfile, mobile_number: freshMobile(), bio: 'before' });
      const before = await row(person.user.id);
      const response = await update(person.token, { bio: 'after', location: 'Goa', ...body });
      expectError(response, 400, message, code);
      if (message === undefined) expect(response.body.error).toMatch(/^media_gallery: /);
      expect(await row(person.user.id)).toEqual(before);
    });

    it('answers 400 for malformed JSON and 413 for an oversize body, and changes nothing', async () => {
      const person = await signUp(api, { bio: 'before' });
      const before = await row(person.user.id);
      const malformed = await api
        .http()
        .put('/api/v1/users/me')
        .set(bearer(person.token))
        .set('Content-Type', 'application/json')
        .send('{"bio": "af');
      expectError(malformed, 400, 'Malformed JSON in request body');
      expectError(await update(person.token, { bio: 'y'.repeat(api.config.BODY_LIMIT_BYTES) }), 413, 'Request body is too large');
      expectError(
        await api.http().put('/api/v1/users/me').set(bearer(person.token)).set('Content-Type', 'application/json').send('["bio"]'),
        400,
        'body: Expected an object',
      );
      expect(await row(person.user.id)).toEqual(before);
    });

    it('requires login', async () => {
      expectError(await api.http().put('/api/v1/users/me').send({ bio: 'x' }), 401, 'No authentication token found');
      expectError(
        await api.http().put('/api/v1/users/me').set(bearer('bogus')).send({ bio: 'x' }),
        401,
        'Session expired. Please login again.',
      );
    });
  });

  describe('DELETE /users/me', () => {
    it('signs the person out everywhere, blocks login and publishes one user.deletion_requested event', async () => {
      const person = await signUp(api, { ...completeProfile, mobile_number: freshMobile() });
      await markMobileVerified(api, person.user.id);
      const checkMobile = () => api.http().post('/api/v1/auth/check-mobile').send({ mobile_number: person.user.mobile_number }).expect(200);
      expect((await checkMobile()).body.exists).toBe(true);
      const other = await api.http().post('/api/v1/auth/login').send({ email: person.user.email, password: person.password }).expect(200);
      const viewer = await signUp(api);
      const eventsBefore = await countRows(api.db, 'outbox_event');

      await api.http().delete('/api/v1/users/me').set(bearer(person.token)).expect(200);

      expectError(
        await api.http().get(`/api/v1/users/${person.user.id}`).set(bearer(person.token)),
        401,
        'Session expired. Please login again.',
      );
      expectError(
        await api.http().get(`/api/v1/users/${person.user.id}`).set(bearer(other.body.token)),
        401,
        'Session expired. Please login again.',
      );
      expectError(await api.http().delete('/api/v1/users/me').set(bearer(person.token)), 401);

      const login = await api.http().post('/api/v1/auth/login').send({ email: person.user.email, password: person.password });
      expectError(login, 401);
      expectError(await api.http().post('/api/v1/auth/oldLogin').send({ email: person.user.email, password: person.password }), 401);

      expectError(await api.http().get(`/api/v1/users/${person.user.id}`).set(bearer(viewer.token)), 404, 'User not found.');
      expect((await checkMobile()).body.exists).toBe(false);

      const { rows: events } = await api.db.query(
        `SELECT type, payload FROM outbox_event WHERE type = 'user.deletion_requested' AND payload->>'userId' = $1`,
        [person.user.id],
      );
      expect(events).toEqual([{ type: 'user.deletion_requested', payload: { userId: person.user.id } }]);
      expect(await countRows(api.db, 'outbox_event')).toBe(eventsBefore + 1);

      expect((await row(person.user.id)).deleted_at).not.toBeNull();
      const { rows: live } = await api.db.query('SELECT id FROM session WHERE user_id = $1 AND revoked_at IS NULL', [person.user.id]);
      expect(live).toEqual([]);
    });

    it('touches only the person asking', async () => {
      const person = await signUp(api);
      const bystander = await signUp(api);
      await api.http().delete('/api/v1/users/me').set(bearer(person.token)).send({ id: bystander.user.id }).expect(200);
      expect((await row(bystander.user.id)).deleted_at).toBeNull();
      await api.http().get(`/api/v1/users/${bystander.user.id}`).set(bearer(bystander.token)).expect(200);
    });

    it('requires login and publishes nothing without it', async () => {
      const before = await countRows(api.db, 'outbox_event');
      expectError(await api.http().delete('/api/v1/users/me'), 401, 'No authentication token found');
      expect(await countRows(api.db, 'outbox_event')).toBe(before);
    });

    it('keeps the email reserved until the worker has erased the account', async () => {
      const person = await signUp(api);
      await api.http().delete('/api/v1/users/me').set(bearer(person.token)).expect(200);
      const before = await countRows(api.db, 'users');
      expectError(
        await api.http().post('/api/v1/auth/register').send({ email: person.user.email, password: 'a-good-password', name: 'Again' }),
        409,
      );
      expect(await countRows(api.db, 'users')).toBe(before);
    });
  });
});
