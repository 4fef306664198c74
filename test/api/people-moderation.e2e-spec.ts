import { DataSource } from 'typeorm';
import { type AdminAuditView } from '../../api/src/contracts/admin-audit.contract.js';
import { type PeopleSearchView, type PersonPageView } from '../../api/src/contracts/people.contract.js';
import { PersonSuspension } from '../../api/src/modules/admin/reports/report-actions.port.js';
import { signGovernmentIdLink } from '../../api/src/modules/users/government-id-links.js';
import { STORAGE, type StoragePort } from '../../api/src/platform/providers/storage/storage.port.js';
import { closeAll, openChat, waitForDisconnect, type ChatClient } from '../support/chat-socket.js';
import { bearer, makeAdmin, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { applyAndPay, createEvent, outboxFor, QUIET_SANDBOX, transactionRow } from '../support/join-flow.js';
import { waitingOnALock, waitUntil } from '../support/poll.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/** The admin's people pages over HTTP: search, a person's page, suspension and restore, influencer verification, audit rows. */
describe('people moderation', () => {
  let api: TestApi;
  let url: string;
  let admin: SignedUp;
  let adminWithoutVerify: SignedUp;
  let fan: SignedUp;
  const sockets: ChatClient[] = [];

  beforeAll(async () => {
    api = await startTestApi(QUIET_SANDBOX);
    url = await api.baseUrl();
    [admin, adminWithoutVerify, fan] = await Promise.all([
      signUp(api, { name: 'Asha Admin' }),
      signUp(api, { name: 'Ravi Admin' }),
      signUp(api, { name: 'Plain Fan' }),
    ]);
    await makeAdmin(api, admin.user.id);
    await makeAdmin(api, adminWithoutVerify.user.id, { verify_influencers: false });
  });
  afterEach(() => closeAll(...sockets.splice(0)));
  afterAll(async () => {
    await api?.close();
  });

  const as = (who: SignedUp | null) => {
    const auth = <T extends { set: (header: Record<string, string>) => T }>(test: T) => (who ? test.set(bearer(who.token)) : test);
    const base = '/api/v1/admin/users';
    return {
      search: (query = '') => auth(api.http().get(`${base}${query}`)),
      page: (id: string) => auth(api.http().get(`${base}/${id}`)),
      suspend: (id: string, reason: unknown = 'Harassed fans at an event') =>
        auth(api.http().post(`${base}/${id}/suspend`)).send({ reason }),
      restore: (id: string, reason = 'Appeal accepted') => auth(api.http().post(`${base}/${id}/restore`)).send({ reason }),
      governmentId: (id: string) => auth(api.http().get(`${base}/${id}/government-id`)),
      verify: (id: string) => auth(api.http().post(`${base}/${id}/verify`)).send({ note: 'Id matches' }),
      unverify: (id: string) => auth(api.http().delete(`${base}/${id}/verify`)),
      refuse: (id: string, reason = 'The id photo is blurred') =>
        auth(api.http().post(`${base}/${id}/verification/refuse`)).send({ reason }),
    };
  };

  const auditOf = async (userId: string): Promise<AdminAuditView[]> =>
    ((await as(admin).page(userId).expect(200)).body as PersonPageView).history;

  /** A host with a government id in storage. */
  async function hostWithId(name = 'Meera Host'): Promise<SignedUp & { idUrl: string }> {
    const host = await signUpHost(api, { name });
    const storage = api.app.get<StoragePort>(STORAGE);
    const key = `gov-${host.user.id}.png`;
    await storage.put(key, Buffer.from('the id image'), { contentType: 'image/png' });
    const idUrl = storage.publicUrl(key);
    await api.db.query('UPDATE users SET government_id_url = $2 WHERE id = $1', [host.user.id, idUrl]);
    return { ...host, idUrl };
  }

  describe('who may do what', () => {
    it('answers guests 401, fans 403, and an admin lacking verify_influencers 403 on the verification endpoints only', async () => {
      const host = await hostWithId();
      const calls = [
        (who: SignedUp | null) => as(who).search(),
        (who: SignedUp | null) => as(who).page(host.user.id),
        (who: SignedUp | null) => as(who).governmentId(host.user.id),
        (who: SignedUp | null) => as(who).verify(host.user.id),
        (who: SignedUp | null) => as(who).unverify(host.user.id),
        (who: SignedUp | null) => as(who).refuse(host.user.id),
        (who: SignedUp | null) => as(who).suspend(host.user.id),
        (who: SignedUp | null) => as(who).restore(host.user.id),
      ];
      for (const call of calls) {
        await call(null).expect(401);
        expect((await call(fan).expect(403)).body).toMatchObject({ error: 'Admin access required' });
      }
      for (const call of calls.slice(2, 6)) {
        expect((await call(adminWithoutVerify).expect(403)).body).toMatchObject({
          error: 'This needs the verify influencers admin permission',
        });
      }
      await as(adminWithoutVerify).search().expect(200);
      await as(adminWithoutVerify).page(host.user.id).expect(200);
      await as(admin).governmentId(host.user.id).expect(200);
      await as(admin).verify(host.user.id).expect(200);
      await as(admin).unverify(host.user.id).expect(200);
      await as(admin).refuse(host.user.id).expect(200);
      await as(adminWithoutVerify).suspend(host.user.id).expect(200);
      await as(adminWithoutVerify).restore(host.user.id).expect(200);
    });

    it('refuses suspending oneself or another admin, and a missing reason', async () => {
      expect((await as(admin).suspend(admin.user.id).expect(403)).body.error).toBe('You cannot suspend yourself.');
      expect((await as(admin).suspend(adminWithoutVerify.user.id).expect(403)).body.error).toBe(
        'Admins cannot be suspended. Take away their admin rights first.',
      );
      const person = await signUp(api);
      await as(admin).suspend(person.user.id, '   ').expect(400);
      await as(admin).suspend(person.user.id, null).expect(400);
      await as(admin).suspend('6f1c1c1e-0000-4000-8000-000000000000').expect(404);
    });
  });

  describe('search and page', () => {
    it('finds people by name, email, phone and city, newest first, a page at a time', async () => {
      const tag = `Zq${Date.now().toString(36)}`;
      const [older, newer] = [
        await signUp(api, { name: `${tag} Older`, location: 'Indiranagar, Bangalore', mobile_number: '9123456780' }),
        await signUp(api, { name: `${tag} Newer`, location: 'Bandra, Mumbai' }),
      ];
      const ids = (view: PeopleSearchView) => view.people.map((person) => person.id);
      const found = async (query: string) => (await as(admin).search(query).expect(200)).body as PeopleSearchView;

      expect(ids(await found(`?q=${tag}`))).toEqual([newer.user.id, older.user.id]);
      expect(ids(await found(`?q=${encodeURIComponent(older.user.email)}`))).toEqual([older.user.id]);
      expect(ids(await found(`?q=${tag}&city=bengaluru`))).toEqual([older.user.id]);
      expect(ids(await found('?q=9123456780'))).toContain(older.user.id);

      const first = await found(`?q=${tag}&limit=1`);
      expect(ids(first)).toEqual([newer.user.id]);
      const second = await found(`?q=${tag}&limit=1&after=${first.next_after}`);
      expect(ids(second)).toEqual([older.user.id]);
      expect(second.next_after).toBeNull();
      expect(first.people[0]).toMatchObject({ name: `${tag} Newer`, email: newer.user.email, suspended_at: null, role: 'fan' });
      await as(admin).search('?role=nobody').expect(400);
    });

    it("shows a person's profile, hosted events, applications, payments, reports about them and history", async () => {
      const host = await signUpHost(api, { name: 'Paged Host' });
      const payer = await signUp(api, { name: 'Paying Fan' });
      const event = await createEvent(api, host, { title: 'Rooftop jam' });
      const paid = await applyAndPay(api, payer, event.id);
      await api
        .http()
        .post(`/api/v1/users/${payer.user.id}/report`)
        .set(bearer(host.token))
        .send({ reason: 'spam', details: 'Sent links' })
        .expect(201);

      const hostPage = (await as(admin).page(host.user.id).expect(200)).body as PersonPageView;
      expect(hostPage.person).toMatchObject({ id: host.user.id, name: 'Paged Host', role: 'influencer', has_government_id: false });
      expect(hostPage.events).toEqual([expect.objectContaining({ id: event.id, title: 'Rooftop jam', moderation_status: 'published' })]);

      const payerPage = (await as(admin).page(payer.user.id).expect(200)).body as PersonPageView;
      expect(payerPage.applications).toEqual([
        expect.objectContaining({ id: paid.applicationId, event_title: 'Rooftop jam', status: 'pending' }),
      ]);
      expect(payerPage.payments).toEqual([expect.objectContaining({ id: paid.transactionId, amount: 500, state: 'authorized' })]);
      expect(payerPage.reports).toEqual([expect.objectContaining({ reason: 'spam', reporter: { id: host.user.id, name: 'Paged Host' } })]);
      expect(payerPage.history).toEqual([]);
    });
  });

  describe('suspension', () => {
    it('ends sessions and sockets at once, refuses sign-in, releases pending applications once, hides events until restored', async () => {
      const host = await signUpHost(api, { name: 'Suspended Host' });
      const other = await signUpHost(api, { name: 'Applying Host' });
      const [hostEvent, otherEvent] = await Promise.all([createEvent(api, host, { title: 'Hidden gig' }), createEvent(api, other)]);
      // The suspended person also applied, as a fan, to someone else's event.
      const paid = await applyAndPay(api, host, otherEvent.id);
      const socket = await openChat(url, host.token);
      sockets.push(socket);
      const listed = async () => {
        const response = await api.http().get('/api/v1/events/public?limit=100').expect(200);
        return (response.body.data as Array<{ id: string }>).some((listedEvent) => listedEvent.id === hostEvent.id);
      };
      expect(await listed()).toBe(true);

      const disconnected = waitForDisconnect(socket);
      const page = (await as(admin).suspend(host.user.id).expect(200)).body as PersonPageView;
      expect(page.person).toMatchObject({ suspended_at: expect.any(String), suspension_reason: 'Harassed fans at an event' });
      await disconnected;

      expect((await api.http().get('/api/v1/users/me').set(bearer(host.token)).expect(401)).body.error).toBe(
        'Session expired. Please login again.',
      );
      const login = await api.http().post('/api/v1/auth/login').send({ email: host.user.email, password: host.password }).expect(403);
      expect(login.body).toEqual({
        error: 'This account has been suspended. Please contact support if you think this is a mistake.',
        code: 'account_suspended',
      });
      expect(await listed()).toBe(false);
      await api.http().get(`/api/v1/events/${hostEvent.id}`).set(bearer(fan.token)).expect(404);

      expect((await api.db.query('SELECT status FROM application WHERE id = $1', [paid.applicationId])).rows[0]).toEqual({
        status: 'withdrawn',
      });
      expect((await transactionRow(api, paid.transactionId)).state).toBe('releasing');
      expect(await outboxFor(api, 'payment.release_requested', paid.transactionId)).toBe(1);

      // Twice: a conflict through the endpoint, nothing at all through the reports' port.
      expect((await as(admin).suspend(host.user.id).expect(409)).body.error).toBe('This person is already suspended.');
      const adminUser = { id: admin.user.id, role: 'admin' as const, isAdmin: true };
      const suspension = api.app.get(PersonSuspension);
      const afterCommit = await api.app
        .get(DataSource)
        .transaction((tx) => suspension.suspend(tx, host.user.id, adminUser, 'Reported again'));
      await afterCommit();
      expect(await outboxFor(api, 'payment.release_requested', paid.transactionId)).toBe(1);

      await as(admin).restore(host.user.id).expect(200);
      expect(await listed()).toBe(true);
      await as(admin).restore(host.user.id).expect(409);
      await api.http().post('/api/v1/auth/login').send({ email: host.user.email, password: host.password }).expect(200);

      const history = await auditOf(host.user.id);
      expect(history.map((row) => [row.action, row.reason, row.admin.id])).toEqual([
        ['user.restored', 'Appeal accepted', admin.user.id],
        ['user.suspended', 'Harassed fans at an event', admin.user.id],
      ]);
      expect(history[1]!.after).toMatchObject({ suspended_at: expect.any(String) });
    });
  });

  describe('influencer verification', () => {
    it('hides an event its host creates while being suspended, with their others, until restored', async () => {
      const host = await signUpHost(api, { name: 'Racing Host' });
      const adminUser = { id: admin.user.id, role: 'admin' as const, isAdmin: true };
      const suspension = api.app.get(PersonSuspension);
      let suspendedInTx = false;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // The suspension has done all it does and not yet committed: the host's session still works.
      const suspending = api.app.get(DataSource).transaction(async (tx) => {
        const afterCommit = await suspension.suspend(tx, host.user.id, adminUser, 'Spam events');
        suspendedInTx = true;
        await held;
        return afterCommit;
      });
      await waitUntil(async () => suspendedInTx, 'the suspension to be written');
      let settled = false;
      const creating = createEvent(api, host, { title: 'Slipped in?' }).finally(() => (settled = true));
      await waitUntil(async () => settled || (await waitingOnALock(api.db)), 'the new event to be written or to wait');
      release();
      await (
        await suspending
      )();
      const event = await creating;
      expect((await api.db.query('SELECT moderation_status FROM event WHERE id = $1', [event.id])).rows).toEqual([
        { moderation_status: 'host_suspended' },
      ]);
      await as(admin).restore(host.user.id).expect(200);
      expect((await api.db.query('SELECT moderation_status FROM event WHERE id = $1', [event.id])).rows).toEqual([
        { moderation_status: 'published' },
      ]);
    });

    it('shows the id only through a short-lived signed link, refused when tampered with or expired', async () => {
      const host = await hostWithId();
      const { body } = await as(admin).governmentId(host.user.id).expect(200);
      const expiresIn = new Date(body.expires_at as string).getTime() - Date.now();
      expect(expiresIn).toBeGreaterThan(240_000);
      expect(expiresIn).toBeLessThanOrEqual(300_000);

      const file = await api
        .http()
        .get(body.url as string)
        .expect(200);
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(Buffer.from(file.body as Buffer).toString()).toBe('the id image');

      const tampered = (body.url as string).replace(/signature=([0-9a-f])/, (_, digit: string) => `signature=${digit === '0' ? '1' : '0'}`);
      await api.http().get(tampered).expect(403);
      const other = await hostWithId('Other Host');
      await api
        .http()
        .get((body.url as string).replace(host.user.id, other.user.id))
        .expect(403);
      const expired = signGovernmentIdLink(api.config.INVOICE_URL_SECRET, host.user.id, host.idUrl, new Date(Date.now() - 301_000));
      expect((await api.http().get(expired.path).expect(403)).body.error).toMatch(/expired/);

      expect((await auditOf(host.user.id)).map((row) => row.action)).toEqual(['user.government_id_viewed']);
      await as(admin).governmentId(fan.user.id).expect(404);
    });

    it('approves with a badge, refuses with a reason the influencer reads in their inbox, and audits both', async () => {
      const host = await hostWithId('Verify Me');
      await as(admin).verify(host.user.id).expect(200);
      const approved = (await as(admin).page(host.user.id).expect(200)).body as PersonPageView;
      expect(approved.person).toMatchObject({ verified: true, verified_at: expect.any(String) });

      await as(admin).refuse(host.user.id, 'The name does not match the profile').expect(200);
      const refused = (await as(admin).page(host.user.id).expect(200)).body as PersonPageView;
      expect(refused.person).toMatchObject({
        verified: false,
        verification_refused_at: expect.any(String),
        verification_refusal_reason: 'The name does not match the profile',
      });
      const inbox = await api.http().get('/api/v1/notifications').set(bearer(host.token)).expect(200);
      expect(JSON.stringify(inbox.body)).toContain('We could not verify your profile: The name does not match the profile');

      expect(refused.history.map((row) => [row.action, row.reason])).toEqual([
        ['user.verification_refused', 'The name does not match the profile'],
        ['user.verified', 'Id matches'],
      ]);
      expect(refused.history[0]).toMatchObject({ before: { verified: true }, after: { verified: false } });
      await as(admin).refuse(fan.user.id).expect(409);
    });
  });
});
