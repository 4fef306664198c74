import { jest } from '@jest/globals';
import { type MessageView, type ReceiptView, type RoomActivityView } from '../../../contracts/chat.contract.js';
import { type AppConfig } from '../../../platform/config/config.schema.js';
import { type ChatEmitter } from './chat-emitter.js';
import { RedisChatBroadcast } from './redis-chat-broadcast.js';

interface Sent {
  to: string | string[];
  except?: string | string[];
  event: string;
  payload: unknown;
}

function broadcastWithWindow(windowMs: number) {
  const sent: Sent[] = [];
  const operator = (to: string | string[], except?: string | string[]) => ({
    except: (rooms: string | string[]) => operator(to, rooms),
    emit: (event: string, payload: unknown) => sent.push({ to, ...(except ? { except } : {}), event, payload }),
  });
  const emitter = { to: (to: string | string[]) => operator(to) } as unknown as ChatEmitter;
  const broadcast = new RedisChatBroadcast(emitter, { CHAT_SIGNAL_WINDOW_MS: windowMs } as AppConfig);
  return { broadcast, sent };
}

const receipt = (roomId: string, userId: string, deliveredSeq: number, readSeq: number): ReceiptView => ({
  roomId,
  userId,
  deliveredSeq,
  readSeq,
});

function message(roomId: string, seq: number): [MessageView, RoomActivityView] {
  const view = { id: `m${seq}`, roomId, seq, senderId: 'asha', text: `hello ${seq}` } as unknown as MessageView;
  return [view, { roomId, lastSeq: seq, lastMessage: { seq, senderId: 'asha' } } as unknown as RoomActivityView];
}

describe('RedisChatBroadcast: receipts and room activity once per room per window', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("sends a window's receipts as one batch per room, each member at their furthest marks", () => {
    const { broadcast, sent } = broadcastWithWindow(200);
    broadcast.receipt(receipt('r1', 'ravi', 3, 1));
    broadcast.receipt(receipt('r1', 'meera', 3, 3));
    broadcast.receipt(receipt('r2', 'ravi', 7, 7));
    // Marks that commit out of order never move a member back.
    broadcast.receipt(receipt('r1', 'ravi', 5, 2));
    broadcast.receipt(receipt('r1', 'ravi', 4, 4));
    expect(sent).toEqual([]);

    jest.advanceTimersByTime(200);
    expect(sent).toEqual([
      { to: 'room:r1', event: 'receipts', payload: [receipt('r1', 'ravi', 5, 4), receipt('r1', 'meera', 3, 3)] },
      { to: 'room:r2', event: 'receipts', payload: [receipt('r2', 'ravi', 7, 7)] },
    ]);

    // The next window starts empty.
    broadcast.receipt(receipt('r1', 'meera', 4, 4));
    jest.advanceTimersByTime(200);
    expect(sent.slice(2)).toEqual([{ to: 'room:r1', event: 'receipts', payload: [receipt('r1', 'meera', 4, 4)] }]);
  });

  it("sends each message at once, and the room's latest activity to the connections that do not have the room open", () => {
    const { broadcast, sent } = broadcastWithWindow(200);
    for (const seq of [1, 2, 3]) broadcast.messageCreated(...message('r1', seq));
    expect(sent.map(({ event, payload }) => [event, (payload as MessageView).seq])).toEqual([
      ['message:new', 1],
      ['message:new', 2],
      ['message:new', 3],
    ]);

    jest.advanceTimersByTime(200);
    expect(sent.slice(3)).toEqual([{ to: 'feed:r1', except: 'room:r1', event: 'room:activity', payload: message('r1', 3)[1] }]);
  });

  it("tells a reader's own connections of their unread count without waiting", () => {
    const { broadcast, sent } = broadcastWithWindow(200);
    broadcast.unread('ravi', { roomId: 'r1', count: 0, lastSeq: 2, lastMessageAt: null });
    expect(sent).toEqual([{ to: 'user:ravi', event: 'unread', payload: { roomId: 'r1', count: 0, lastSeq: 2, lastMessageAt: null } }]);
  });

  it('hands over what it holds when the process stops', () => {
    const { broadcast, sent } = broadcastWithWindow(200);
    broadcast.receipt(receipt('r1', 'ravi', 2, 2));
    broadcast.onModuleDestroy();
    expect(sent).toEqual([{ to: 'room:r1', event: 'receipts', payload: [receipt('r1', 'ravi', 2, 2)] }]);
  });

  it('with a window of 0 sends every receipt as it comes', () => {
    const { broadcast, sent } = broadcastWithWindow(0);
    broadcast.receipt(receipt('r1', 'ravi', 2, 1));
    broadcast.receipt(receipt('r1', 'ravi', 2, 2));
    expect(sent.map(({ payload }) => payload)).toEqual([[receipt('r1', 'ravi', 2, 1)], [receipt('r1', 'ravi', 2, 2)]]);
  });
});
