import { randomUUID } from 'node:crypto';
import { type RoomListView } from '../../api/src/contracts/chat.contract.js';
import { ChatPushSweepJob } from '../../api/src/modules/chat/jobs/chat-push-sweep.job.js';
import { ChatPushJob } from '../../api/src/modules/chat/jobs/chat-push.job.js';
import { jobIdFor } from '../../api/src/platform/jobs/job-definition.js';
import { Scenario, type Person } from '../support/payment-scenario.js';
import { waitUntil } from '../support/poll.js';
import { browserSubscription, chatPushesTo } from '../support/push-devices.js';

/**
 * Chat pushes through the real relay, workers and push fan-out (the log provider records what each
 * device would show): a member who is away hears of a message at once, of the next ones in one
 * push once the batch window has passed (the workers' scheduled sweep), and nothing in between.
 */
describe('chat pushes', () => {
  let scenario: Scenario;

  beforeAll(async () => {
    scenario = await Scenario.start();
  }, 120_000);
  afterAll(async () => {
    await scenario?.stop();
  });

  const pushesTo = (who: Person) => chatPushesTo(scenario.db, who.id);
  /** Chat pushes claimed for the person (a claim writes its push-only notification in its own transaction; delivery follows). */
  const claimedPushes = async (who: Person) =>
    Number(
      (await scenario.db.query(`SELECT count(*) FROM notification WHERE user_id = $1 AND type = 'chat_message'`, [who.id])).rows[0].count,
    );

  /** Waits until the chat.push job of each message the room has had so far has run to its end. */
  async function messageJobsDone(roomId: string, messages: number): Promise<void> {
    await waitUntil(async () => {
      const sent = await scenario.outboxEvents('chat.message', { roomId });
      if (sent.length < messages || sent.some((event) => !event.published_at)) return false;
      const jobs = await Promise.all(sent.map((event) => scenario.queue(ChatPushJob.queue).getJob(jobIdFor(ChatPushJob, event.id))));
      return jobs.every((job) => job?.finishedOn !== undefined);
    }, 'the chat.push jobs of the messages to run');
  }

  /** Runs the sweep now, as its schedule would (every quarter of the batch window), and waits for it to end. */
  async function sweepOnce(): Promise<void> {
    const queue = scenario.queue(ChatPushSweepJob.queue);
    const job = await queue.add(ChatPushSweepJob.name, {}, { jobId: `test-sweep-${randomUUID()}` });
    await waitUntil(async () => (await queue.getJob(job.id!))?.finishedOn !== undefined, 'the push sweep to run');
  }

  it('pushes a member who is away at once, then batches what follows inside the window into one push', async () => {
    const { host } = await scenario.hostWithEvent();
    const { id: eventId } = await scenario.call('/events', {
      method: 'POST',
      token: host.token,
      body: { title: 'Jazz night', date: '2031-06-01T19:00:00+05:30', min_bid: 0, capacity: 10, meeting_link: 'https://meet.example.in/j' },
    });
    const fan = await scenario.signUp({ name: 'Away Fan' });
    await scenario.call('/notifications/devices', {
      method: 'POST',
      token: fan.token,
      body: { kind: 'webpush', subscription: browserSubscription() },
    });
    const application = await scenario.call(`/events/${eventId}/bid`, { method: 'POST', token: fan.token, body: {} });
    await scenario.accept(host, application.id);
    const room = await waitUntil(async () => {
      const { rooms } = (await scenario.call('/chat/rooms', { token: fan.token })) as RoomListView;
      return rooms.find((found) => found.eventId === eventId);
    }, 'the fan to join the event chat');
    const send = (text: string) =>
      scenario.call(`/chat/rooms/${room.id}/messages`, {
        method: 'POST',
        token: host.token,
        body: { type: 'text', clientId: randomUUID(), text },
      });

    await send('Doors open at 7');
    const first = { title: 'Jazz night', body: 'Host Person: Doors open at 7', link: `/chat/${room.id}` };
    await waitUntil(async () => (await pushesTo(fan)).length > 0, 'the first chat push');
    expect(await pushesTo(fan)).toEqual([first]);

    await send('Bring a friend');
    await send('Bar opens at 8');
    // Inside the window: the message jobs run, and a sweep once the messages are past the seconds
    // that are their own jobs' (as if 6 s went by); nothing more is pushed.
    await messageJobsDone(room.id, 3);
    await scenario.db.query(`UPDATE chat_room SET last_message_at = last_message_at - interval '6 seconds' WHERE id = $1`, [room.id]);
    await sweepOnce();
    expect(await claimedPushes(fan)).toBe(1);
    expect(await pushesTo(fan)).toEqual([first]);

    // The window passes (as if a minute went by): the next sweep pushes both in one.
    await scenario.db.query(
      `UPDATE chat_member SET pushed_at = now() - interval '61 seconds' WHERE room_id = $1 AND pushed_at IS NOT NULL`,
      [room.id],
    );
    await sweepOnce();
    expect(await claimedPushes(fan)).toBe(2);
    await waitUntil(async () => (await pushesTo(fan)).length > 1, 'the batched chat push');
    expect(await pushesTo(fan)).toEqual([first, { title: 'Jazz night', body: '2 new messages in Jazz night', link: `/chat/${room.id}` }]);
    const inbox = await scenario.call('/notifications', { token: fan.token });
    expect(inbox.notifications.map((notification: { type: string }) => notification.type)).not.toContain('chat_message');
  }, 90_000);
});
