import { bearer, makeAdmin, signUp, signUpHost, signUpNewHost, type SignedUp } from '../support/factories.js';
import { countRows, startTestApi, type TestApi } from '../support/test-api.js';

/** Reports about people (POST /users/{id}/report, GET /admin/user-reports) and the verified badge. */
describe('user reports and influencer verification', () => {
  let api: TestApi;
  let admin: SignedUp;
  beforeAll(async () => {
    // The list caches keep their production lifetimes: a verification must clear them itself.
    api = await startTestApi();
    admin = await signUp(api, { name: 'Admin Person' });
    await makeAdmin(api, admin.user.id);
  });
  afterAll(async () => {
    await api.close();
  });

  const report = (token: string, id: string, body: unknown) =>
    api
      .http()
      .post(`/api/v1/users/${id}/report`)
      .set(bearer(token))
      .send(body as object);
  const reportsAbout = async (id: string) =>
    (await api.db.query('SELECT reporter_id, reason, details, status FROM user_report WHERE reported_id = $1', [id])).rows;

  describe('POST /users/{id}/report', () => {
    it('stores an open report for moderation and says so', async () => {
      const [reporter, reported] = [await signUp(api), await signUp(api)];
      const response = await report(reporter.token, reported.user.id, { reason: 'harassment', details: '  Kept messaging me  ' }).expect(
        201,
      );
      expect(response.body).toMatchObject({
        reported_id: reported.user.id,
        reason: 'harassment',
        details: 'Kept messaging me',
        status: 'open',
        message: 'Thanks for telling us. Our team will review this report.',
      });
      expect(await reportsAbout(reported.user.id)).toEqual([
        { reporter_id: reporter.user.id, reason: 'harassment', details: 'Kept messaging me', status: 'open' },
      ]);
    });

    it('refuses a second open report of the same person with 409, and takes a new one once moderation closed the first', async () => {
      const [reporter, reported] = [await signUp(api), await signUp(api)];
      await report(reporter.token, reported.user.id, { reason: 'spam' }).expect(201);
      const again = await report(reporter.token, reported.user.id, { reason: 'fake_profile' }).expect(409);
      expect(again.body).toEqual({
        error: 'You have already reported this person. Our team is looking into it.',
        code: 'user_report_already_open',
      });
      expect(await reportsAbout(reported.user.id)).toHaveLength(1);

      await api.db.query(`UPDATE user_report SET status = 'closed' WHERE reported_id = $1`, [reported.user.id]);
      await report(reporter.token, reported.user.id, { reason: 'fake_profile' }).expect(201);
      expect(await reportsAbout(reported.user.id)).toHaveLength(2);
    });

    it('stores one report when the same report is sent twice at once', async () => {
      const [reporter, reported] = [await signUp(api), await signUp(api)];
      const statuses = (await Promise.all([1, 2].map(() => report(reporter.token, reported.user.id, { reason: 'spam' })))).map(
        (r) => r.status,
      );
      expect(statuses.sort()).toEqual([201, 409]);
      expect(await reportsAbout(reported.user.id)).toHaveLength(1);
    });

    it('lets different people report the same person', async () => {
      const reported = await signUp(api);
      for (const reporter of [await signUp(api), await signUp(api)])
        await report(reporter.token, reported.user.id, { reason: 'spam' }).expect(201);
      expect(await reportsAbout(reported.user.id)).toHaveLength(2);
    });

    it('refuses a report of oneself', async () => {
      const person = await signUp(api);
      const response = await report(person.token, person.user.id, { reason: 'spam' }).expect(400);
      expect(response.body).toEqual({ error: 'You cannot report yourself.', code: 'cannot_report_self' });
      expect(await reportsAbout(person.user.id)).toEqual([]);
    });

    it('answers 404 for a person who does not exist or deleted their account', async () => {
      const reporter = await signUp(api);
      const gone = await signUp(api);
      await api.http().delete('/api/v1/users/me').set(bearer(gone.token)).expect(200);
      for (const id of ['6f1c1c1e-0000-4000-8000-000000000000', gone.user.id]) {
        expect((await report(reporter.token, id, { reason: 'spam' }).expect(404)).body).toMatchObject({ error: 'User not found.' });
      }
      expect(await reportsAbout(gone.user.id)).toEqual([]);
    });

    it.each([
      ['no reason', {}, 'reason: must be one of the listed reasons'],
      ['an unknown reason', { reason: 'boring' }, 'reason: must be one of the listed reasons'],
      ['"other" without details', { reason: 'other' }, 'details: is required when the reason is "Something else"'],
      ['"other" with blank details', { reason: 'other', details: '   ' }, 'details: is required when the reason is "Something else"'],
      ['details over 1000 characters', { reason: 'spam', details: 'x'.repeat(1001) }, 'details: must be at most 1000 characters'],
    ])('refuses %s with 400 naming the problem', async (_label, body, message) => {
      const [reporter, reported] = [await signUp(api), await signUp(api)];
      expect((await report(reporter.token, reported.user.id, body).expect(400)).body).toEqual({ error: message, code: 'validation' });
      expect(await reportsAbout(reported.user.id)).toEqual([]);
    });

    it('requires login', async () => {
      const reported = await signUp(api);
      const before = await countRows(api.db, 'user_report');
      await api.http().post(`/api/v1/users/${reported.user.id}/report`).send({ reason: 'spam' }).expect(401);
      expect(await countRows(api.db, 'user_report')).toBe(before);
    });

    it("keeps an erased reporter's report without the words they wrote", async () => {
      const [reporter, reported] = [await signUp(api), await signUp(api)];
      await report(reporter.token, reported.user.id, { reason: 'safety', details: 'At the pub crawl' }).expect(201);
      await api.http().delete('/api/v1/users/me').set(bearer(reporter.token)).expect(200);
      const { AccountEraseHandler } = await import('../../api/src/modules/users/jobs/account-erase.job.js');
      await api.app.get(AccountEraseHandler).handle({ userId: reporter.user.id, outboxId: 'test' } as never);
      expect(await reportsAbout(reported.user.id)).toEqual([
        { reporter_id: reporter.user.id, reason: 'safety', details: null, status: 'open' },
      ]);
    });
  });

  describe('GET /admin/user-reports', () => {
    it('lists open reports newest first with who reported whom, for admins only', async () => {
      const reporter = await signUp(api, { name: 'Reporter Rao' });
      const reported = await signUp(api, { name: 'Reported Roy' });
      await report(reporter.token, reported.user.id, { reason: 'underage', details: 'Looks 15' }).expect(201);
      const response = await api.http().get('/api/v1/admin/user-reports?limit=1').set(bearer(admin.token)).expect(200);
      expect(response.body.data).toEqual([
        {
          id: expect.any(String),
          reason: 'underage',
          details: 'Looks 15',
          status: 'open',
          created_at: expect.any(String),
          reporter: { id: reporter.user.id, name: 'Reporter Rao' },
          reported: { id: reported.user.id, name: 'Reported Roy', role: 'fan', deleted: false },
        },
      ]);
      expect(response.body.pagination).toMatchObject({ page: 1, limit: 1, hasNext: true });

      await api.db.query(`UPDATE user_report SET status = 'closed' WHERE reported_id = $1`, [reported.user.id]);
      const closed = await api.http().get('/api/v1/admin/user-reports?status=closed').set(bearer(admin.token)).expect(200);
      expect(closed.body.data.map((row: { reported: { id: string } }) => row.reported.id)).toContain(reported.user.id);
      const open = await api.http().get('/api/v1/admin/user-reports').set(bearer(admin.token)).expect(200);
      expect(open.body.data.map((row: { reported: { id: string } }) => row.reported.id)).not.toContain(reported.user.id);
    });

    it('refuses everyone else', async () => {
      for (const person of [await signUp(api), await signUpHost(api)]) {
        expect((await api.http().get('/api/v1/admin/user-reports').set(bearer(person.token)).expect(403)).body).toMatchObject({
          error: 'Admin access required',
        });
      }
      await api.http().get('/api/v1/admin/user-reports').expect(401);
    });
  });

  describe('POST and DELETE /admin/users/{id}/verify', () => {
    const verify = (token: string, id: string) => api.http().post(`/api/v1/admin/users/${id}/verify`).set(bearer(token));
    const unverify = (token: string, id: string) => api.http().delete(`/api/v1/admin/users/${id}/verify`).set(bearer(token));
    const verifiedColumns = async (id: string) =>
      (await api.db.query('SELECT verified, verified_at FROM users WHERE id = $1', [id])).rows[0] as {
        verified: boolean;
        verified_at: Date | null;
      };

    it('marks an influencer verified, and their event cards show the badge at once', async () => {
      const host = await signUpNewHost(api, { name: 'Verified Vik' });
      const created = await api
        .http()
        .post('/api/v1/events')
        .set(bearer(host.token))
        .send({
          title: 'Chai walk',
          description: 'Old city chai trail',
          date: '2031-06-01T18:00:00+05:30',
          location: 'Mumbai',
          category: 'food',
          min_bid: 500,
          capacity: 10,
        })
        .expect(201);
      // An unverified host's event is listed once an admin approves it.
      await api.http().post(`/api/v1/admin/events/${created.body.id}/approve`).set(bearer(admin.token)).expect(200);
      const hostOnPublicList = async () =>
        (
          (await api.http().get('/api/v1/events/public?limit=100').expect(200)).body.data as Array<{
            id: string;
            host: { verified: boolean };
          }>
        ).find((event) => event.id === created.body.id)?.host;
      expect(await hostOnPublicList()).toMatchObject({ verified: false });

      const response = await verify(admin.token, host.user.id).expect(200);
      expect(response.body).toMatchObject({ id: host.user.id, verified: true, verified_at: expect.any(String) });
      const stored = await verifiedColumns(host.user.id);
      expect(stored.verified).toBe(true);
      expect(await hostOnPublicList()).toMatchObject({ verified: true });
      const profile = await api
        .http()
        .get(`/api/v1/users/${host.user.id}`)
        .set(bearer((await signUp(api)).token))
        .expect(200);
      expect(profile.body).toMatchObject({ verified: true });

      // Verifying again keeps the first verification's time.
      await verify(admin.token, host.user.id).expect(200);
      expect((await verifiedColumns(host.user.id)).verified_at).toEqual(stored.verified_at);

      await unverify(admin.token, host.user.id).expect(200);
      expect(await verifiedColumns(host.user.id)).toEqual({ verified: false, verified_at: null });
      expect(await hostOnPublicList()).toMatchObject({ verified: false });
    });

    it('refuses to verify anyone but an influencer with 409', async () => {
      const fan = await signUp(api);
      const response = await verify(admin.token, fan.user.id).expect(409);
      expect(response.body).toEqual({ error: 'Only influencers can be verified.', code: 'not_an_influencer' });
      expect(await verifiedColumns(fan.user.id)).toEqual({ verified: false, verified_at: null });
    });

    it('answers 404 for an unknown or deleted person', async () => {
      const gone = await signUpHost(api);
      await api.http().delete('/api/v1/users/me').set(bearer(gone.token)).expect(200);
      for (const id of ['6f1c1c1e-0000-4000-8000-000000000000', gone.user.id]) {
        await verify(admin.token, id).expect(404);
        await unverify(admin.token, id).expect(404);
      }
    });

    it('is for admins only', async () => {
      const host = await signUpNewHost(api);
      for (const person of [await signUp(api), host]) {
        expect((await verify(person.token, host.user.id).expect(403)).body).toMatchObject({ error: 'Admin access required' });
        await unverify(person.token, host.user.id).expect(403);
      }
      await api.http().post(`/api/v1/admin/users/${host.user.id}/verify`).expect(401);
      expect(await verifiedColumns(host.user.id)).toEqual({ verified: false, verified_at: null });
    });
  });
});
