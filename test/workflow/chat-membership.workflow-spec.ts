import {
  ChatErrorCodes,
  ChatMessages,
  type MembersView,
  type MessagePageView,
  type RoomListView,
  type RoomView,
} from '../../api/src/contracts/chat.contract.js';
import { ChatCloseRoomJob } from '../../api/src/modules/chat/jobs/chat-close-room.job.js';
import { ChatOpenRoomJob } from '../../api/src/modules/chat/jobs/chat-open-room.job.js';
import { ChatRemoveAttendeeJob } from '../../api/src/modules/chat/jobs/chat-remove-attendee.job.js';
import { jobIdFor } from '../../api/src/platform/jobs/job-definition.js';
import { Scenario, type Person } from '../support/payment-scenario.js';
import { waitUntil } from '../support/poll.js';
import { sample, scrape } from '../support/prometheus.js';

/**
 * The event chat's membership follows the product through the real API and workers: the room opens
 * with the event, fans join when the host accepts their paid application, leave with their account,
 * and the room closes with the event. Work whose job Redis lost is found again in PostgreSQL.
 */
describe('chat membership', () => {
  let scenario: Scenario;
  let host: Person;
  let eventId: string;
  let roomId: string;

  beforeAll(async () => {
    scenario = await Scenario.start({ config: { RECONCILE_INTERVAL_MS: '500' } });
    ({ host, eventId } = await scenario.hostWithEvent());
  }, 120_000);
  afterAll(async () => {
    await scenario?.stop();
  });

  const reconcilerPasses = async () =>
    sample(await scrape(`${scenario.stack.workersOpsUrl}/metrics`), 'tribe_reconciler_passes_total', { outcome: 'completed' }) ?? 0;

  /** The answer's status and body, for requests a test expects to be refused. */
  async function attempt(path: string, init: { method?: string; token: string; body?: unknown }) {
    const response = await fetch(`${scenario.stack.apiUrl}/api/v1${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${init.token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const send = (who: Person, text: string) =>
    attempt(`/chat/rooms/${roomId}/messages`, {
      method: 'POST',
      token: who.token,
      body: { type: 'text', clientId: `c${Date.now()}${text.length}`, text },
    });
  const isMember = async (who: Person) =>
    ((await scenario.call(`/chat/rooms/${roomId}/membership`, { token: who.token })) as { is_member: boolean }).is_member;
  const memberIds = async () =>
    ((await scenario.call(`/chat/rooms/${roomId}/members`, { token: host.token })) as MembersView).members.map((member) => member.id);
  const roomOf = async (who: Person, id: string) =>
    ((await scenario.call('/chat/rooms', { token: who.token })) as RoomListView).rooms.find((room) => room.eventId === id);

  /** A fan who paid, accepted by the host, and in the room. */
  async function acceptedFan(): Promise<{ fan: Person; applicationId: string }> {
    const { fan, applicationId } = await scenario.applyAndPay(eventId);
    expect(await isMember(fan)).toBe(false);
    await scenario.accept(host, applicationId);
    await waitUntil(() => isMember(fan), 'the accepted fan to join the event chat');
    return { fan, applicationId };
  }

  /** Waits until the job the outbox event (this type, this payload) started has completed in the workers. */
  async function jobCompleted(job: { name: string; queue: string }, type: string, payload: Record<string, string>): Promise<void> {
    const [event] = await waitUntil(async () => {
      const events = await scenario.outboxEvents(type, payload);
      return events.length > 0 && events[0]!.published_at !== null && events;
    }, `the relay to publish ${type}`);
    const id = jobIdFor(job, event!.id);
    await waitUntil(async () => (await (await scenario.queue(job.queue).getJob(id))?.getState()) === 'completed', `${id} to complete`);
  }

  it('opens the event’s room, named after it, with its host in it', async () => {
    const room = await waitUntil(() => roomOf(host, eventId), 'the workers to open the event chat');
    roomId = room.id;
    expect(room).toMatchObject({ name: 'Jazz night', status: 'open', members: [host.id], myRole: 'host' });
  }, 60_000);

  it('adds a fan who paid once the host accepts them, and lets them write', async () => {
    const { fan } = await acceptedFan();
    expect((await send(fan, 'Hello from the front row')).status).toBe(201);
    expect(await memberIds()).toEqual(expect.arrayContaining([host.id, fan.id]));
  }, 60_000);

  it('takes a fan who deletes their account out of the room; what they wrote stays, from "Deleted user"', async () => {
    const { fan } = await acceptedFan();
    expect((await send(fan, 'Leaving Tribe, bye all')).status).toBe(201);
    await scenario.call('/users/me', { method: 'DELETE', token: fan.token });

    expect(await memberIds()).not.toContain(fan.id);
    const page = (await scenario.call(`/chat/rooms/${roomId}/messages`, { token: host.token })) as MessagePageView;
    const farewell = page.messages.find((message) => message.text === 'Leaving Tribe, bye all');
    expect(farewell).toMatchObject({ senderId: fan.id, senderName: ChatMessages.deletedUser });
  }, 60_000);

  it('closes the room when the event is cancelled: members still read it, nobody writes', async () => {
    const { fan, applicationId } = await acceptedFan();
    await scenario.call(`/events/${eventId}/cancel`, { method: 'POST', token: host.token });
    await waitUntil(
      async () => ((await scenario.call(`/chat/rooms/${roomId}`, { token: host.token })) as RoomView).status === 'closed',
      'the workers to close the event chat',
    );
    await jobCompleted(ChatCloseRoomJob, 'event.cancelled', { eventId });
    // The fan's accepted application ended with the event; they stay to read the closed room.
    await jobCompleted(ChatRemoveAttendeeJob, 'application.ended', { applicationId });

    for (const who of [host, fan]) {
      const refused = await send(who, 'Anyone still coming?');
      expect(refused).toEqual({ status: 409, body: { error: ChatMessages.roomClosed, code: ChatErrorCodes.roomClosed } });
    }
    expect(await isMember(fan)).toBe(true);
    const page = (await scenario.call(`/chat/rooms/${roomId}/messages`, { token: fan.token })) as MessagePageView;
    expect(page.messages.map((message) => message.text)).toEqual(['Hello from the front row', 'Leaving Tribe, bye all']);
  }, 90_000);

  it('opens a room whose job Redis lost, once PostgreSQL says it is due', async () => {
    const queue = scenario.queue(ChatOpenRoomJob.queue);
    await queue.pause();
    try {
      const lost = await scenario.hostWithEvent();
      const [published] = await waitUntil(async () => {
        const events = await scenario.outboxEvents('event.published', { eventId: lost.eventId });
        return events[0]?.published_at ? events : false;
      }, 'the relay to publish event.published');
      const job = await waitUntil(() => queue.getJob(jobIdFor(ChatOpenRoomJob, published!.id)), 'the job to be queued');
      await job.remove();
      await queue.resume();
      // Until the grace period has passed, the job is thought to be on its way: passes of the
      // reconciler (one that began before the job went, and one after) leave it alone.
      const passes = await reconcilerPasses();
      await waitUntil(async () => (await reconcilerPasses()) >= passes + 2, 'two passes of the reconciler');
      expect(await roomOf(lost.host, lost.eventId)).toBeUndefined();

      await scenario.db.query(`UPDATE event SET created_at = now() - interval '2 minutes' WHERE id = $1`, [lost.eventId]);
      const room = await waitUntil(() => roomOf(lost.host, lost.eventId), 'the reconciler to open the lost room', 30_000);
      expect(room).toMatchObject({ members: [lost.host.id], status: 'open' });
      const requeued = scenario.stack.processes
        .workers!.output()
        .split('\n')
        .filter((line) => line.includes('job lost from Redis; queued again') && line.includes(jobIdFor(ChatOpenRoomJob, published!.id)));
      expect(requeued).toHaveLength(1);
    } finally {
      await queue.resume();
    }
  }, 90_000);
});
