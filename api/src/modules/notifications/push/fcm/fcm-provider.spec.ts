import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { cert, type Credential } from 'firebase-admin/app';
import { type BatchResponse, Messaging } from 'firebase-admin/messaging';
import { jest } from '@jest/globals';
import nock from 'nock';
import { type NotificationType } from '../../../../contracts/notification-types.js';
import { type PushItem, type PushMessage } from '../push-sender.port.js';
import { FcmProvider, type FcmSettings } from './fcm-provider.js';

/**
 * FCM's HTTP v1 API as documented (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages/send
 * and its ErrorCode page), stood in for with nock: firebase-admin has no emulator for messaging and
 * always calls fcm.googleapis.com; the adapter uses the SDK's HTTP/1.1 transport, which nock intercepts.
 */
const FCM = 'https://fcm.googleapis.com';
const PROJECT = 'tribe-test';
const SEND_PATH = `/v1/projects/${PROJECT}/messages:send`;
const ACCESS_TOKEN = 'ya29.test-access-token';

/** A credential as firebase-admin's Credential interface describes it: a fixed access token. */
const fixedCredential: Credential = { getAccessToken: async () => ({ access_token: ACCESS_TOKEN, expires_in: 3600 }) };

type Answer = [status: number, body: object];

const accepted = (token: string): Answer => [200, { name: `projects/${PROJECT}/messages/0:${token.slice(0, 8)}` }];

/** An FCM error body: the canonical status, and FCM's own errorCode in details. */
function fcmError(code: number, status: string, errorCode: string, message: string, extra: object[] = []): Answer {
  return [
    code,
    {
      error: { code, message, status, details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }, ...extra] },
    },
  ];
}

const unregistered = fcmError(404, 'NOT_FOUND', 'UNREGISTERED', 'Requested entity was not found.');
const invalidToken = fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token', [
  {
    '@type': 'type.googleapis.com/google.rpc.BadRequest',
    fieldViolations: [{ field: 'message.token', description: 'The registration token is not a valid FCM registration token' }],
  },
]);
const invalidMessage = fcmError(
  400,
  'INVALID_ARGUMENT',
  'INVALID_ARGUMENT',
  "Invalid value at 'message.android.ttl' (type.googleapis.com/google.protobuf.Duration), Field 'ttl', Illegal duration format; duration must end with 's'",
);
const quotaExceeded = fcmError(429, 'RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED', 'Sending quota exceeded.');
const internal = fcmError(500, 'INTERNAL', 'INTERNAL', 'Internal error encountered.');
const unavailable = fcmError(503, 'UNAVAILABLE', 'UNAVAILABLE', 'The service is currently unavailable.');
const senderMismatch = fcmError(403, 'PERMISSION_DENIED', 'SENDER_ID_MISMATCH', 'SenderId mismatch');
const apnsAuth = fcmError(401, 'UNAUTHENTICATED', 'THIRD_PARTY_AUTH_ERROR', 'Auth error from APNS or Web Push Service');

type WireMessage = { token: string } & Record<string, unknown>;

interface Stand {
  /**
   * The messages FCM received for a token (the wire JSON), in arrival order. By token: the SDK goes on
   * retrying a request the adapter stopped waiting for, into the tests that come after.
   */
  received: (token: string) => WireMessage[];
}

/** Answers each message by its token (accepted unless `answers` says otherwise; an array answers in turn). */
function standInFcm(answers: Record<string, Answer | Answer[]> = {}): Stand {
  const received: WireMessage[] = [];
  nock(FCM, { reqheaders: { authorization: `Bearer ${ACCESS_TOKEN}` } })
    .persist()
    .post(SEND_PATH)
    .reply(async (request) => {
      const { message } = (await request.json()) as { message: WireMessage };
      received.push(message);
      const answer = answers[message.token];
      const inTurn = answer && typeof answer[0] !== 'number';
      return (inTurn ? (answer as Answer[]).shift() : (answer as Answer | undefined)) ?? accepted(message.token);
    });
  return { received: (token) => received.filter((message) => message.token === token) };
}

const providers: FcmProvider[] = [];
function provider(overrides: Partial<FcmSettings> = {}): FcmProvider {
  const created = new FcmProvider({ projectId: PROJECT, credential: fixedCredential, timeoutMs: 2_000, connections: 50, ...overrides });
  providers.push(created);
  return created;
}

function item(token: string, fields: Partial<PushMessage> = {}): PushItem {
  const notificationId = randomUUID();
  return {
    message: {
      notificationId,
      type: 'application_accepted',
      title: 'You are in!',
      body: 'Your application to Sunday Jazz was accepted.',
      link: '/event/42',
      imageUrl: null,
      collapseKey: notificationId.replaceAll('-', ''),
      ...fields,
    },
    target: { deviceId: randomUUID(), kind: 'fcm', token, p256dh: null, auth: null },
  };
}

const token = () => `fcm-token-${randomUUID()}`;

beforeAll(() => nock.disableNetConnect());
afterEach(async () => {
  jest.restoreAllMocks();
  nock.abortPendingRequests();
  nock.cleanAll();
  await Promise.all(providers.splice(0).map((created) => created.close()));
});
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

describe('FcmProvider', () => {
  it('sends a notification with its page and the collapse key for Android and APNs, authorised by the service account', async () => {
    const stand = standInFcm();
    const push = item(token(), { imageUrl: 'https://cdn.tribe.example/cover.jpg' });

    expect(await provider().send([push])).toEqual([{ status: 'delivered' }]);

    const { collapseKey, notificationId } = push.message;
    expect(stand.received(push.target.token)).toEqual([
      {
        token: push.target.token,
        notification: {
          title: 'You are in!',
          body: 'Your application to Sunday Jazz was accepted.',
          image: 'https://cdn.tribe.example/cover.jpg',
        },
        data: { link: '/event/42', notificationId, type: 'application_accepted' },
        android: { collapse_key: collapseKey, priority: 'high', ttl: '86400s', notification: { tag: collapseKey } },
        apns: { headers: { 'apns-collapse-id': collapseKey, 'apns-priority': '10', 'apns-expiration': expect.stringMatching(/^\d{10}$/) } },
      },
    ]);
  });

  it.each<[NotificationType, string, string]>([
    ['admin_announcement', 'normal', '5'],
    ['event_reminder', 'high', '10'],
  ])('sends %s at %s priority', async (type, android, apns) => {
    const stand = standInFcm();
    const push = item(token(), { type });
    await provider().send([push]);
    expect(stand.received(push.target.token)[0]).toMatchObject({
      android: { priority: android },
      apns: { headers: { 'apns-priority': apns } },
    });
  });

  it('leaves out an image FCM could not fetch (a path, not an address)', async () => {
    const stand = standInFcm();
    const push = item(token(), { imageUrl: '/api/v1/upload/files/cover.jpg' });
    expect(await provider().send([push])).toEqual([{ status: 'delivered' }]);
    expect(stand.received(push.target.token)[0]!.notification).not.toHaveProperty('image');
  });

  it.each<[string, string, Answer]>([
    ['UNREGISTERED (404)', 'gone', unregistered],
    ['INVALID_ARGUMENT about the token', 'gone', invalidToken],
    ['INVALID_ARGUMENT about the message', 'rejected', invalidMessage],
    ['SENDER_ID_MISMATCH (403)', 'rejected', senderMismatch],
    ['THIRD_PARTY_AUTH_ERROR (401)', 'rejected', apnsAuth],
    ['QUOTA_EXCEEDED (429)', 'retry', quotaExceeded],
    ['INTERNAL (500)', 'retry', internal],
  ])('answers FCM’s %s as %s', async (_what, status, answer) => {
    const refused = token();
    standInFcm({ [refused]: answer });

    const [outcome] = await provider().send([item(refused)]);

    expect(outcome).toEqual({ status, reason: expect.stringContaining((answer[1] as { error: { message: string } }).error.message) });
  });

  it('answers UNAVAILABLE (503) as retry once the SDK’s own quick retry failed too', async () => {
    const busy = token();
    const stand = standInFcm({ [busy]: [unavailable, unavailable] });
    // The SDK retries a 503 at once, then after 1, 2 and 4 s; the adapter's bound ends the wait first.
    const [outcome] = await provider({ timeoutMs: 500 }).send([item(busy)]);
    expect(outcome).toMatchObject({ status: 'retry' });
    expect(stand.received(busy)).toHaveLength(2);
  });

  it('delivers when FCM is unavailable once (the SDK retries a 503 at once)', async () => {
    const busy = token();
    const stand = standInFcm({ [busy]: [unavailable] });
    expect(await provider().send([item(busy)])).toEqual([{ status: 'delivered' }]);
    expect(stand.received(busy)).toHaveLength(2);
  });

  it('answers each push of a mixed batch in order', async () => {
    const tokens = Array.from({ length: 6 }, token);
    standInFcm({ [tokens[1]!]: unregistered, [tokens[3]!]: internal, [tokens[4]!]: senderMismatch });

    const outcomes = await provider().send(tokens.map((each) => item(each)));

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['delivered', 'gone', 'delivered', 'retry', 'rejected', 'delivered']);
  });

  it('sends more than 500 pushes in calls of at most 500, in order', async () => {
    // The split alone, without 501 requests through nock: the SDK's call answers each message by its token.
    const calls: number[] = [];
    jest.spyOn(Messaging.prototype, 'sendEach').mockImplementation(async (messages) => {
      calls.push(messages.length);
      const responses = messages.map((message) =>
        'token' in message && message.token.endsWith('-gone')
          ? {
              success: false,
              error: Object.assign(new Error('Requested entity was not found.'), { code: 'messaging/registration-token-not-registered' }),
            }
          : { success: true, messageId: 'sent' },
      );
      return { responses, successCount: 0, failureCount: 0 } as unknown as BatchResponse;
    });
    const tokens = Array.from({ length: 1001 }, token);
    tokens[499] += '-gone';
    tokens[1000] += '-gone';

    const outcomes = await provider().send(tokens.map((each) => item(each)));

    expect(calls).toEqual([500, 500, 1]);
    expect(outcomes.flatMap((outcome, index) => (outcome.status === 'gone' ? [index] : []))).toEqual([499, 1000]);
    expect(outcomes.filter((outcome) => outcome.status === 'delivered')).toHaveLength(999);
  });

  it('answers retry for every push of a call FCM does not answer in time', async () => {
    nock(FCM).persist().post(SEND_PATH).delay(5_000).reply(200, { name: 'late' });
    const outcomes = await provider({ timeoutMs: 300 }).send([item(token()), item(token())]);
    expect(outcomes).toEqual([
      { status: 'retry', reason: 'FCM: FCM did not answer within 300 ms' },
      { status: 'retry', reason: 'FCM: FCM did not answer within 300 ms' },
    ]);
  });

  it('answers retry when FCM cannot be reached', async () => {
    nock(FCM)
      .persist()
      .post(SEND_PATH)
      .replyWithError(Object.assign(new Error('connect ECONNREFUSED 142.250.1.95:443'), { code: 'ECONNREFUSED' }));
    expect(await provider().send([item(token())])).toEqual([{ status: 'retry', reason: expect.stringContaining('ECONNREFUSED') }]);
  });

  it('answers rejected for every push when Google refuses the service account', async () => {
    const refusedCredential: Credential = {
      getAccessToken: () => Promise.reject(new Error('invalid_grant: Invalid JWT Signature.')),
    };
    const outcomes = await provider({ credential: refusedCredential }).send([item(token()), item(token())]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(outcomes[0]).toMatchObject({ reason: expect.stringContaining('invalid_grant') });
  });

  it('answers retry for every push when no access token can be had for now', async () => {
    const unreachable: Credential = { getAccessToken: () => Promise.reject(new Error('getaddrinfo EAI_AGAIN oauth2.googleapis.com')) };
    const outcomes = await provider({ credential: unreachable }).send([item(token())]);
    expect(outcomes).toEqual([{ status: 'retry', reason: expect.stringContaining('EAI_AGAIN') }]);
  });

  it('signs in as the service account at Google’s token endpoint and sends with the token it gets', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    let assertion = '';
    nock('https://oauth2.googleapis.com')
      .post('/token', (body: Record<string, string>) => {
        assertion = body.assertion ?? '';
        return body.grant_type === 'urn:ietf:params:oauth:grant-type:jwt-bearer';
      })
      .reply(200, { access_token: ACCESS_TOKEN, expires_in: 3599, token_type: 'Bearer' });
    const stand = standInFcm();
    const credential = cert({
      projectId: PROJECT,
      clientEmail: `push@${PROJECT}.iam.gserviceaccount.com`,
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });

    const push = item(token());
    expect(await provider({ credential }).send([push])).toEqual([{ status: 'delivered' }]);

    const claims = JSON.parse(Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(claims).toMatchObject({ iss: `push@${PROJECT}.iam.gserviceaccount.com` });
    expect(stand.received(push.target.token)).toHaveLength(1);
  });
});
