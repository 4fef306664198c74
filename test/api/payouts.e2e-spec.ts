import { InvoiceIssuer } from '../../api/src/modules/invoices/invoice-issuer.service.js';
import { KycCipher } from '../../api/src/modules/payouts/kyc-cipher.js';
import { sealContext } from '../../api/src/modules/payouts/payment-profile.service.js';
import { APP_CONFIG } from '../../api/src/platform/config/config.module.js';
import { type AppConfig } from '../../api/src/platform/config/config.schema.js';
import { bearer, makeAdmin, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { applyAndPay, createEvent, decide } from '../support/join-flow.js';
import { waitingOnALock, waitUntil } from '../support/poll.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { countRows, startTestApi, type TestApi } from '../support/test-api.js';

const BANK_PROFILE = {
  legal_name: 'Asha Rao',
  pan: 'ABCPE1234F',
  state: 'Karnataka',
  account_number: '50100012345678',
  ifsc: 'HDFC0000001',
};

const UPI_PROFILE = {
  legal_name: 'Shreeji Furnishers',
  pan: 'AAPFU0939F',
  state: 'maharashtra',
  gstin: '27AAPFU0939F1ZV',
  upi_id: 'Shreeji.Pay@ybl',
};

interface ProfileRow {
  host_id: string;
  legal_name: string;
  state: string;
  gstin: string | null;
  pan_sealed: string;
  pan_last4: string;
  account_number_sealed: string | null;
  account_number_last4: string | null;
  ifsc: string | null;
  upi_id_sealed: string | null;
  upi_id_masked: string | null;
}

describe('host payment profile and payouts', () => {
  let api: TestApi;
  let admin: SignedUp;

  beforeAll(async () => {
    api = await startTestApi({
      SANDBOX_WEBHOOK_DUPLICATE_RATE: '0',
      SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:9/unused',
      PLATFORM_FEE_PERCENT: '10',
    });
    admin = await signUp(api, { name: 'Admin Person' });
    await makeAdmin(api, admin.user.id);
  });
  afterAll(async () => {
    await api.close();
  });

  const putProfile = (who: SignedUp, body: Record<string, unknown>) =>
    api.http().put('/api/v1/payment-profile').set(bearer(who.token)).send(body);
  const getProfile = (who: SignedUp) => api.http().get('/api/v1/payment-profile').set(bearer(who.token));
  const profileRow = async (hostId: string) =>
    (await api.db.query<ProfileRow>('SELECT * FROM host_payment_profile WHERE host_id = $1', [hostId])).rows[0];

  describe('the payment profile', () => {
    it('is saved sealed and shown masked, only the last 4 characters of the account number and PAN', async () => {
      const host = await signUpHost(api);
      const missing = await getProfile(host).expect(404);
      expect(missing.body).toEqual({
        error: 'You have not set up your payment profile yet. Add your PAN and a bank account or UPI id to get paid.',
        code: 'payment_profile_not_found',
      });

      const saved = await putProfile(host, { ...BANK_PROFILE, pan: 'abcpe1234f', account_number: '5010 0012 3456 78' }).expect(200);
      const view = {
        hostId: host.user.id,
        legalName: 'Asha Rao',
        state: 'Karnataka',
        gstin: null,
        pan: 'XXXXXX234F',
        accountNumber: 'XXXX5678',
        ifsc: 'HDFC0000001',
        upiId: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      };
      expect(saved.body).toEqual(view);
      expect((await getProfile(host).expect(200)).body).toEqual(view);

      // The database holds neither the account number nor the PAN in the clear, in any column.
      const row = (await profileRow(host.user.id))!;
      const stored = JSON.stringify(row);
      for (const secret of ['50100012345678', 'ABCPE1234F', 'abcpe1234f', '012345678', 'ABCPE']) expect(stored).not.toContain(secret);
      expect(row.pan_sealed).toMatch(/^v1:/);
      expect(row.account_number_sealed).toMatch(/^v1:/);
      // ... and what it holds opens, with the configured key and for this host's field, to what was typed.
      const cipher = new KycCipher(api.config.KYC_ENCRYPTION_KEY);
      expect(cipher.open(row.pan_sealed, sealContext('pan', host.user.id))).toBe('ABCPE1234F');
      expect(cipher.open(row.account_number_sealed!, sealContext('account_number', host.user.id))).toBe('50100012345678');
      expect(() => cipher.open(row.pan_sealed, sealContext('pan', admin.user.id))).toThrow();
    });

    it('takes a UPI id and a GSTIN of the same PAN, and a new save replaces the bank account', async () => {
      const host = await signUpHost(api);
      await putProfile(host, BANK_PROFILE).expect(200);
      const saved = await putProfile(host, UPI_PROFILE).expect(200);
      expect(saved.body).toMatchObject({
        legalName: 'Shreeji Furnishers',
        state: 'Maharashtra',
        gstin: '27AAPFU0939F1ZV',
        pan: 'XXXXXX939F',
        accountNumber: null,
        ifsc: null,
        upiId: 'sXXX@ybl',
      });
      const row = (await profileRow(host.user.id))!;
      expect(row).toMatchObject({ account_number_sealed: null, account_number_last4: null, ifsc: null, upi_id_masked: 'sXXX@ybl' });
      expect(JSON.stringify({ ...row, gstin: null })).not.toMatch(/shreeji\.pay|AAPFU0939F/i);
      const cipher = new KycCipher(api.config.KYC_ENCRYPTION_KEY);
      expect(cipher.open(row.upi_id_sealed!, sealContext('upi_id', host.user.id))).toBe('shreeji.pay@ybl');
    });

    it.each([
      ['legal_name', { legal_name: 'A' }, 'legal_name: must be 2 to 100 characters', 'invalid_legal_name'],
      ['pan', { pan: 'ABCXE1234F' }, expect.stringMatching(/^pan: must have the holder type as its 4th letter/), 'invalid_pan'],
      ['pan', { pan: 'ABCPE123F' }, 'pan: must be 10 characters: 5 letters, 4 digits and a letter, like ABCPE1234F', 'invalid_pan'],
      ['state', { state: 'Bangalore' }, 'state: must be an Indian state or union territory, like Karnataka', 'invalid_state'],
      ['ifsc', { ifsc: 'HDFC1000001' }, 'ifsc: must have 0 (zero) as its 5th character, like SBIN0001234', 'invalid_ifsc'],
      ['ifsc', { ifsc: null }, 'ifsc: is required with a bank account number', 'invalid_ifsc'],
      ['account_number', { account_number: '1234' }, 'account_number: must be 9 to 18 digits long', 'invalid_account_number'],
      ['upi_id', { upi_id: 'asha@ok.hdfc' }, expect.stringMatching(/^upi_id: must have the UPI app handle after the @/), 'invalid_upi_id'],
      ['gstin', { gstin: '29ABCPE1234F1ZX' }, expect.stringMatching(/^gstin: is not a valid GSTIN/), 'invalid_gstin'],
      [
        'gstin',
        { gstin: '27AAPFU0939F1ZV' },
        'gstin: must belong to your PAN: characters 3 to 12 of the GSTIN are the PAN',
        'gstin_pan_mismatch',
      ],
      [
        'a way to be paid',
        { account_number: '', ifsc: '' },
        'Add a bank account number with its IFSC, or a UPI id, so we can pay you.',
        'payout_method_required',
      ],
    ])('refuses a bad %s with its message and saves nothing', async (_field, change, error, code) => {
      const host = await signUpHost(api);
      const refused = await putProfile(host, { ...BANK_PROFILE, ...change }).expect(400);
      expect(refused.body).toEqual({ error, code });
      expect(await profileRow(host.user.id)).toBeUndefined();

      // Nor does it change a profile already saved.
      await putProfile(host, BANK_PROFILE).expect(200);
      const before = await profileRow(host.user.id);
      await putProfile(host, { ...BANK_PROFILE, legal_name: 'Someone Else', ...change }).expect(400);
      expect(await profileRow(host.user.id)).toEqual(before);
    });

    it('is for hosts: a fan cannot set one, and sees only their own (none)', async () => {
      const fan = await signUp(api);
      const before = await countRows(api.db, 'host_payment_profile');
      const refused = await putProfile(fan, BANK_PROFILE).expect(403);
      expect(refused.body).toEqual({
        error: 'Only hosts can set up a payment profile. Switch to the host view to add one.',
        code: 'payment_profile_hosts_only',
      });
      expect(await countRows(api.db, 'host_payment_profile')).toBe(before);
      await getProfile(fan).expect(404);
      await api.http().get('/api/v1/payment-profile').expect(401);
      await api.http().put('/api/v1/payment-profile').send(BANK_PROFILE).expect(401);
    });
  });

  describe('payouts', () => {
    /** A host with a profile and an event whose three fans paid ₹500 each, accepted and captured. */
    async function eventWithCapturedFans(title = 'Jazz night') {
      const host = await signUpHost(api);
      await putProfile(host, BANK_PROFILE).expect(200);
      const event = await createEvent(api, host, { title });
      const paid = [];
      for (let index = 0; index < 3; index += 1) {
        const fan = await signUp(api);
        const application = await applyAndPay(api, fan, event.id, 500);
        await decide(api, host, application.applicationId, 'accept').expect(200);
        paid.push({ fan, ...application });
      }
      await runPendingJobs(api);
      return { host, event, paid };
    }

    const summary = async (who: SignedUp) => (await api.http().get('/api/v1/payouts').set(bearer(who.token)).expect(200)).body;
    const refund = (who: SignedUp, transactionId: string, amount: number) =>
      api.http().post('/api/v1/payments/refund').set(bearer(who.token)).send({ transactionId, amount });
    const recordPayout = (who: SignedUp, eventId: string, amount: unknown) =>
      api.http().post('/api/v1/admin/payouts').set(bearer(who.token)).send({ eventId, amount });
    const markPaid = (who: SignedUp, id: string, reference: unknown) =>
      api.http().post(`/api/v1/admin/payouts/${id}/mark-paid`).set(bearer(who.token)).send({ reference });

    it('owes the host what was captured, less refunds (partial ones too) and the platform fee of its payments', async () => {
      const { host, event, paid } = await eventWithCapturedFans();
      const captured = await summary(host);
      expect(captured).toEqual({
        platformFeePercent: 10,
        platformFeePercents: [10],
        captured: 1500,
        refunded: 0,
        platformFee: 150,
        pendingPayout: 0,
        paid: 0,
        owed: 1350,
        events: [
          {
            eventId: event.id,
            eventTitle: 'Jazz night',
            eventDate: '2031-06-01T13:30:00.000Z',
            captured: 1500,
            refunded: 0,
            platformFee: 150,
            platformFeePercents: [10],
            pendingPayout: 0,
            paid: 0,
            owed: 1350,
            payouts: [],
          },
        ],
      });

      // A partial refund counts as soon as it is requested (the money is promised back), before the worker sends it.
      await refund(host, paid[0]!.transactionId, 145).expect(200);
      expect(await summary(host)).toMatchObject({ captured: 1500, refunded: 145, platformFee: 135, owed: 1220 });
      await runPendingJobs(api);
      // The fee the invoices and the credit note say: 3 × ₹50, less ₹15 (₹14.50 rounded half up); not ₹136 on the ₹1,355 net.
      expect(await summary(host)).toMatchObject({ captured: 1500, refunded: 145, platformFee: 135, owed: 1220 });
      const { rows: feeLines } = await api.db.query<{ fee: number }>(
        `SELECT sum(CASE WHEN kind = 'invoice' THEN platform_fee ELSE -platform_fee END)::int AS fee FROM invoice
          WHERE application_id = ANY($1::uuid[])`,
        [paid.map((payment) => payment.applicationId)],
      );
      expect(feeLines).toEqual([{ fee: 135 }]);

      // A second partial refund of the same payment, and the whole of another.
      await refund(admin, paid[0]!.transactionId, 55).expect(200);
      await refund(host, paid[1]!.transactionId, 500).expect(200);
      await runPendingJobs(api);
      const { rows } = await api.db.query(`SELECT status FROM payment_refund WHERE transaction_id = ANY($1::uuid[])`, [
        [paid[0]!.transactionId, paid[1]!.transactionId],
      ]);
      expect(rows.map((row) => row.status)).toEqual(['processed', 'processed', 'processed']);
      expect((await summary(host)).events[0]).toMatchObject({ captured: 1500, refunded: 700, platformFee: 80, owed: 720 });

      // A refund the provider refused gave nothing back: it does not count.
      await api.db.query(`UPDATE payment_refund SET status = 'failed' WHERE transaction_id = $1 AND amount = 55`, [paid[0]!.transactionId]);
      expect((await summary(host)).events[0]).toMatchObject({ refunded: 645, platformFee: 85, owed: 770 });
    });

    it('keeps the fee rate each payment was captured at, which its invoice printed, when the platform’s rate changes', async () => {
      const { host, event, paid } = await eventWithCapturedFans(); // three ₹500 payments at 10%
      const config = api.app.get<AppConfig>(APP_CONFIG);
      const rateBefore = config.PLATFORM_FEE_PERCENT;
      config.PLATFORM_FEE_PERCENT = 8;
      try {
        const { rows } = await api.db.query<{ rate: number }>(
          `SELECT platform_fee_rate::float8 AS rate FROM invoice WHERE transaction_id = ANY($1::uuid[]) AND kind = 'invoice'`,
          [paid.map((payment) => payment.transactionId)],
        );
        expect(rows).toEqual([{ rate: 10 }, { rate: 10 }, { rate: 10 }]);
        const before = (await summary(host)).events.find((row: { eventId: string }) => row.eventId === event.id);
        expect(before).toMatchObject({ captured: 1500, platformFee: 150, owed: 1350, platformFeePercents: [10] });
        // A refund's fee comes off at the payment's own rate too: ₹50 − ₹20 of the ₹200.
        await refund(host, paid[0]!.transactionId, 200).expect(200);
        const after = (await summary(host)).events.find((row: { eventId: string }) => row.eventId === event.id);
        expect(after).toMatchObject({ refunded: 200, platformFee: 130, owed: 1170 });

        // A payment captured before rates were kept, invoiced now: its invoice's rate (today's) is kept for its payout too.
        const older = paid[2]!.transactionId;
        await api.db.query('DELETE FROM invoice WHERE transaction_id = $1', [older]);
        await api.db.query('UPDATE payment_transaction SET platform_fee_rate = NULL WHERE id = $1', [older]);
        expect((await api.app.get(InvoiceIssuer).issueInvoice(older))!.platformFeeRate).toBe(8);
        const kept = await api.db.query('SELECT platform_fee_rate::float8 AS rate FROM payment_transaction WHERE id = $1', [older]);
        expect(kept.rows).toEqual([{ rate: 8 }]);
        config.PLATFORM_FEE_PERCENT = 12;
        const laterSummary = await summary(host);
        const later = laterSummary.events.find((row: { eventId: string }) => row.eventId === event.id);
        expect(later).toMatchObject({ platformFee: 50 + 30 + 40, platformFeePercents: [8, 10] });
        // The summary names today's rate for what is captured from now on, and the rates its fees were worked at.
        expect(laterSummary.platformFeePercent).toBe(12);
        expect(laterSummary.platformFeePercents).toEqual(expect.arrayContaining([8, 10]));
        expect(laterSummary.platformFeePercents).not.toContain(12);
      } finally {
        config.PLATFORM_FEE_PERCENT = rateBefore;
      }
    });

    it('lists only events with captured money, and only the caller’s own', async () => {
      const { host, event } = await eventWithCapturedFans();
      const other = await eventWithCapturedFans('Other host night');
      const uncaptured = await createEvent(api, host, { title: 'Nobody came' });
      await applyAndPay(api, await signUp(api), uncaptured.id, 500); // authorised, never accepted
      const mine = await summary(host);
      expect(mine.events.map((item: { eventId: string }) => item.eventId)).toEqual([event.id]);
      expect((await summary(other.host)).events.map((item: { eventId: string }) => item.eventId)).toEqual([other.event.id]);
      const fan = other.paid[0]!.fan;
      expect(await summary(fan)).toEqual({
        platformFeePercent: 10,
        platformFeePercents: [],
        captured: 0,
        refunded: 0,
        platformFee: 0,
        pendingPayout: 0,
        paid: 0,
        owed: 0,
        events: [],
      });
    });

    it('records payouts up to what is owed, refuses more, and marks them paid once', async () => {
      const { host, event } = await eventWithCapturedFans();
      const first = await recordPayout(admin, event.id, 1000).expect(201);
      expect(first.body).toEqual({
        id: expect.any(String),
        eventId: event.id,
        hostId: host.user.id,
        amount: 1000,
        status: 'pending',
        reference: null,
        createdAt: expect.any(String),
        paidAt: null,
      });
      expect(await summary(host)).toMatchObject({ pendingPayout: 1000, paid: 0, owed: 350 });

      const over = await recordPayout(admin, event.id, 351).expect(409);
      expect(over.body).toEqual({
        error: 'This payout is more than what is owed to the host for this event. Owed now: ₹350.',
        code: 'payout_exceeds_owed',
      });
      expect(await countRows(api.db, `payout WHERE event_id = '${event.id}'`)).toBe(1);

      const paid = await markPaid(admin, first.body.id, 'UTR-HDFC-0001').expect(200);
      expect(paid.body).toMatchObject({ id: first.body.id, status: 'paid', reference: 'UTR-HDFC-0001', paidAt: expect.any(String) });
      // The same again answers the same; another reference is refused.
      expect((await markPaid(admin, first.body.id, 'UTR-HDFC-0001').expect(200)).body).toEqual(paid.body);
      const again = await markPaid(admin, first.body.id, 'UTR-OTHER').expect(409);
      expect(again.body.code).toBe('payout_already_paid');
      // Recorded and paid once each in the admin audit log, however often asked.
      const audited = await api.db.query(
        'SELECT admin_id, action, record_type, after FROM admin_audit WHERE record_id = $1 ORDER BY created_at',
        [first.body.id],
      );
      expect(audited.rows).toEqual([
        {
          admin_id: admin.user.id,
          action: 'payout.recorded',
          record_type: 'payout',
          after: { eventId: event.id, hostId: host.user.id, amount: 1000, owedBefore: 1350 },
        },
        { admin_id: admin.user.id, action: 'payout.paid', record_type: 'payout', after: { amount: 1000, reference: 'UTR-HDFC-0001' } },
      ]);

      const second = await recordPayout(admin, event.id, 350).expect(201);
      const after = await summary(host);
      expect(after).toMatchObject({ pendingPayout: 350, paid: 1000, owed: 0 });
      expect(after.events[0].payouts.map((payout: { id: string; status: string }) => [payout.id, payout.status])).toEqual([
        [second.body.id, 'pending'],
        [first.body.id, 'paid'],
      ]);
      await recordPayout(admin, event.id, 1).expect(409);

      const { rows } = await api.db.query('SELECT created_by, paid_by FROM payout WHERE id = $1', [first.body.id]);
      expect(rows).toEqual([{ created_by: admin.user.id, paid_by: admin.user.id }]);
    });

    it('pays out what a deleted event still owes its host', async () => {
      const { host, event } = await eventWithCapturedFans();
      await api.db.query('UPDATE event SET deleted_at = now() WHERE id = $1', [event.id]);
      const payout = await recordPayout(admin, event.id, 1350).expect(201);
      expect(payout.body).toMatchObject({ eventId: event.id, hostId: host.user.id, amount: 1350, status: 'pending' });
      expect(await summary(host)).toMatchObject({ pendingPayout: 1350, owed: 0 });
    });

    it('lets concurrent payouts add up to no more than is owed', async () => {
      const { host, event } = await eventWithCapturedFans();
      // Owed ₹1,350: twenty admins at once each pay ₹100, so thirteen succeed.
      const answers = await Promise.all(Array.from({ length: 20 }, () => recordPayout(admin, event.id, 100)));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(13);
      expect(statuses.filter((status) => status === 409)).toHaveLength(7);
      const { rows } = await api.db.query<{ sum: string }>('SELECT sum(amount) FROM payout WHERE event_id = $1', [event.id]);
      expect(Number(rows[0]!.sum)).toBe(1300);
      expect(await summary(host)).toMatchObject({ pendingPayout: 1300, owed: 50 });
    });

    it('refuses a host’s refund that reaches into money already paid out to them; an admin may still make it', async () => {
      const { host, event, paid } = await eventWithCapturedFans();
      // ₹1,500 captured in three ₹500 payments; the host refunds two in full (fee ₹50 on the third, owed ₹450), then is paid ₹400.
      await refund(host, paid[0]!.transactionId, 500).expect(200);
      await refund(host, paid[1]!.transactionId, 500).expect(200);
      const payout = await recordPayout(admin, event.id, 400).expect(201);
      await markPaid(admin, payout.body.id, 'UTR-HDFC-0042').expect(200);
      expect(await summary(host)).toMatchObject({ refunded: 1000, paid: 400, owed: 50 });

      // ₹100 more of the third would leave its fee ₹50 − ₹10, owed −₹40: Tribe would pay the fan with its own money.
      const before = await countRows(api.db, 'payment_refund');
      const refused = await refund(host, paid[2]!.transactionId, 100).expect(409);
      expect(refused.body).toEqual({
        error:
          'This refund is more than Tribe still holds for this event: part of its takings was already paid out to you. Contact support to refund it.',
        code: 'refund_exceeds_held',
      });
      expect(await countRows(api.db, 'payment_refund')).toBe(before);
      // What the event still holds may go back: ₹55 leaves that payment's fee at ₹50 less the credit note's ₹6 (₹5.50 up), owed ₹1.
      await refund(host, paid[2]!.transactionId, 55).expect(200);
      expect(await summary(host)).toMatchObject({ refunded: 1055, platformFee: 44, owed: 1 });
      // An admin decides knowingly: the platform carries it, and the summary shows the host owing it.
      await refund(admin, paid[2]!.transactionId, 100).expect(200);
      expect(await summary(host)).toMatchObject({ refunded: 1155, platformFee: 34, owed: -89 });
    });

    it('counts a pending payout as paid out: the host cannot refund it away, nor can many refunds at once', async () => {
      const { host, event, paid } = await eventWithCapturedFans();
      await recordPayout(admin, event.id, 1300).expect(201); // owed ₹50 of ₹1,350
      // Ten refunds of ₹10 at once: each would be covered alone; together at most what is held goes.
      const answers = await Promise.all(Array.from({ length: 10 }, () => refund(host, paid[0]!.transactionId, 10)));
      const granted = answers.filter((answer) => answer.status === 200).length;
      expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.code)).toEqual(
        Array.from({ length: 10 - granted }, () => 'refund_exceeds_held'),
      );
      // ₹50 back (fee ₹150 − ₹5) leaves owed ₹5; a sixth ₹10 would leave −₹4 (fee ₹150 − ₹6).
      expect(granted).toBe(5);
      expect((await summary(host)).owed).toBeGreaterThanOrEqual(0);
    });

    it('holds the event’s payouts during an admin’s refund and money returned outside Tribe, as during a host’s', async () => {
      const { event, paid } = await eventWithCapturedFans();
      const returnedOutside = (transactionId: string, amount: number, reference: string) =>
        api
          .http()
          .post(`/api/v1/payments/transactions/${transactionId}/returned-outside`)
          .set(bearer(admin.token))
          .send({ amount, reference });
      for (const [transactionId, send] of [
        [paid[0]!.transactionId, () => refund(admin, paid[0]!.transactionId, 100)],
        [paid[1]!.transactionId, () => returnedOutside(paid[1]!.transactionId, 100, 'NEFT-HOLD-1')],
      ] as const) {
        // A payout being recorded for the event holds its lock (payout:<event>) until it commits.
        const payout = await api.db.connect();
        try {
          await payout.query('BEGIN');
          await payout.query(`SELECT pg_advisory_xact_lock(hashtextextended('payout:' || $1::text, 0))`, [event.id]);
          const sent = send().then((answer) => answer);
          await waitUntil(() => waitingOnALock(api.db, 'pg_advisory_xact_lock'), 'the refund to wait for the payout');
          const { rows } = await api.db.query('SELECT refunded_amount FROM payment_transaction WHERE id = $1', [transactionId]);
          expect(rows).toEqual([{ refunded_amount: 0 }]);
          await payout.query('COMMIT');
          expect((await sent).status).toBe(200);
        } finally {
          payout.release();
        }
      }
      // Sent again, the reference answers the same refund and audits nothing twice.
      await returnedOutside(paid[1]!.transactionId, 100, 'NEFT-HOLD-1').expect(200);
      const audited = await api.db.query(
        'SELECT action, record_id, reason, after FROM admin_audit WHERE record_id = ANY($1::uuid[]) ORDER BY created_at',
        [[paid[0]!.transactionId, paid[1]!.transactionId]],
      );
      expect(audited.rows).toEqual([
        {
          action: 'payment.refunded',
          record_id: paid[0]!.transactionId,
          reason: null,
          after: { refundId: expect.any(String), amount: 100 },
        },
        {
          action: 'payment.returned_outside',
          record_id: paid[1]!.transactionId,
          reason: null,
          after: { refundId: expect.any(String), amount: 100, reference: 'NEFT-HOLD-1' },
        },
      ]);
    });

    it('refuses to mark paid a payout that refunds since made larger than what is owed', async () => {
      const { host, event, paid } = await eventWithCapturedFans();
      const payout = await recordPayout(admin, event.id, 1000).expect(201); // owed ₹350 after it
      await refund(admin, paid[0]!.transactionId, 500).expect(200); // fee ₹150 − ₹50: owed −₹100
      const refused = await markPaid(admin, payout.body.id, 'UTR-HDFC-0099').expect(409);
      expect(refused.body).toEqual({
        error: 'This payout is more than what is owed to the host for this event. Owed now: ₹900.',
        code: 'payout_exceeds_owed',
      });
      const { rows } = await api.db.query('SELECT status, reference FROM payout WHERE id = $1', [payout.body.id]);
      expect(rows).toEqual([{ status: 'pending', reference: null }]);
      expect(await summary(host)).toMatchObject({ pendingPayout: 1000, paid: 0 });
    });

    it('shows admins every host with money, most owed first, and whether each can be paid', async () => {
      const { host, event } = await eventWithCapturedFans();
      await recordPayout(admin, event.id, 1350).expect(201);
      const list = await api.http().get('/api/v1/admin/payouts').set(bearer(admin.token)).expect(200);
      const mine = list.body.find((item: { hostId: string }) => item.hostId === host.user.id);
      expect(mine).toMatchObject({ hostName: 'Host Person', hasPaymentProfile: true, captured: 1500, owed: 0, pendingPayout: 1350 });
      expect(mine.events).toHaveLength(1);
      const owed = list.body.map((item: { owed: number }) => item.owed);
      expect(owed).toEqual([...owed].sort((a, b) => b - a));
    });

    it('refuses a payout to a host without a payment profile, and for an unknown event', async () => {
      const host = await signUpHost(api);
      const event = await createEvent(api, host);
      const fan = await signUp(api);
      const { applicationId } = await applyAndPay(api, fan, event.id, 500);
      await decide(api, host, applicationId, 'accept').expect(200);
      await runPendingJobs(api);
      const refused = await recordPayout(admin, event.id, 100).expect(409);
      expect(refused.body.code).toBe('host_has_no_payment_profile');
      const list = await api.http().get('/api/v1/admin/payouts').set(bearer(admin.token)).expect(200);
      expect(list.body.find((item: { hostId: string }) => item.hostId === host.user.id)).toMatchObject({
        hasPaymentProfile: false,
        owed: 450,
      });
      await recordPayout(admin, '00000000-0000-4000-8000-000000000000', 100).expect(404);
      await markPaid(admin, '00000000-0000-4000-8000-000000000000', 'UTR1').expect(404);
      expect((await recordPayout(admin, event.id, 0).expect(400)).body.error).toBe('amount: must be at least ₹1');
      expect((await recordPayout(admin, 'not-an-id', 10).expect(400)).body.error).toBe('eventId: must be a valid id');
    });

    it('keeps the admin routes to admins: hosts and fans get 403 with other people’s ids, and change nothing', async () => {
      const { host, event, paid } = await eventWithCapturedFans();
      const payout = await recordPayout(admin, event.id, 100).expect(201);
      const other = await signUpHost(api);
      const fan = paid[0]!.fan;
      for (const who of [host, other, fan]) {
        for (const answer of [
          await api.http().get('/api/v1/admin/payouts').set(bearer(who.token)),
          await recordPayout(who, event.id, 100),
          await markPaid(who, payout.body.id, 'UTR-SELF'),
        ]) {
          expect(answer.status).toBe(403);
          expect(answer.body).toEqual({ error: 'Admin access required', code: 'forbidden' });
        }
      }
      await api.http().get('/api/v1/admin/payouts').expect(401);
      expect(await countRows(api.db, `payout WHERE event_id = '${event.id}'`)).toBe(1);
      const { rows } = await api.db.query('SELECT status FROM payout WHERE id = $1', [payout.body.id]);
      expect(rows).toEqual([{ status: 'pending' }]);
      // Another host's summary and profile show nothing of this host's.
      expect((await summary(other)).events).toEqual([]);
      await getProfile(other).expect(404);
    });

    it('erases the payment profile with its account, and keeps the payouts', async () => {
      const { host, event } = await eventWithCapturedFans();
      const payout = await recordPayout(admin, event.id, 500).expect(201);
      await api.http().delete('/api/v1/users/me').set(bearer(host.token)).expect(200);
      await runPendingJobs(api);
      expect(await profileRow(host.user.id)).toBeUndefined();
      const { rows } = await api.db.query('SELECT amount, status FROM payout WHERE id = $1', [payout.body.id]);
      expect(rows).toEqual([{ amount: 500, status: 'pending' }]);
    });
  });
});
