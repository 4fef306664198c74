import { createHash } from 'node:crypto';
import { batchItem, checkInOffline, hashToken, notTakenOnSync, withoutSent, withServerTickets, type DoorMemory } from './door';
import type { DoorTicketView } from '../../../api/src/contracts/tickets.contract.js';

const ticket = (name: string, code: string, tokenHash: string, checkedInAt: string | null = null): DoorTicketView => ({
  applicationId: `app-${name}`,
  fanId: `fan-${name}`,
  name,
  photoUrl: null,
  code,
  tokenHash,
  checkedInAt,
});

const now = new Date('2031-06-01T13:34:00Z');
const memory = (): DoorMemory => ({ tickets: [ticket('Asha', 'K7M-2QX', 'hash-a'), ticket('Ravi', 'PQR-234', 'hash-r')], queue: [] });

describe('the door offline', () => {
  it('recognises a scan by its hash and queues it once; the second scan says when the first was', () => {
    const first = checkInOffline(memory(), { token: 'token-a', tokenHash: 'hash-a' }, now, 'op-1');
    expect(first.view).toEqual({
      result: 'checked_in',
      applicationId: 'app-Asha',
      checkedInAt: now.toISOString(),
      attendee: { name: 'Asha', photoUrl: null },
    });
    expect(first.memory.queue).toEqual([
      { operationId: 'op-1', token: 'token-a', tokenHash: 'hash-a', scannedAt: now.toISOString(), name: 'Asha' },
    ]);

    const again = checkInOffline(first.memory, { code: 'k7m2qx' }, new Date('2031-06-01T13:40:00Z'), 'op-2');
    expect(again.view.result).toBe('already_checked_in');
    expect(again.view.checkedInAt).toBe(now.toISOString());
    expect(again.memory.queue).toHaveLength(1);
  });

  it('says "not a ticket" for what the list does not hold, and queues nothing', () => {
    for (const shown of [
      { token: 'forged', tokenHash: 'other' },
      { token: 'no-hash', tokenHash: null },
      { code: 'ZZZ-ZZZ' },
      { code: 'junk' },
    ]) {
      const { view, memory: after } = checkInOffline(memory(), shown, now, 'op');
      expect(view).toEqual({ result: 'not_a_ticket', applicationId: null, checkedInAt: null, attendee: null });
      expect(after.queue).toEqual([]);
    }
  });

  it('keeps unsent check-ins marked when the list is read again, and drops only what was sent', () => {
    const queued = checkInOffline(memory(), { code: 'PQR-234' }, now, 'op-1').memory;
    const later = checkInOffline(queued, { token: 't', tokenHash: 'hash-a' }, now, 'op-2').memory;
    const reread = withServerTickets(later, memory().tickets);
    expect(reread.tickets.map((t) => t.checkedInAt)).toEqual([now.toISOString(), now.toISOString()]);
    expect(withoutSent(later, ['op-1']).queue.map((item) => item.operationId)).toEqual(['op-2']);
    expect(later.queue.map(batchItem)).toEqual([
      { operationId: 'op-1', scannedAt: now.toISOString(), code: 'PQR-234' },
      { operationId: 'op-2', scannedAt: now.toISOString(), token: 't' },
    ]);
  });

  it('names the offline check-ins the API did not take as the door named them, after the list was read again too', () => {
    const scanned = checkInOffline(memory(), { token: 'token-a', tokenHash: 'hash-a' }, now, 'op-1').memory;
    const typed = checkInOffline(scanned, { code: 'pqr234' }, now, 'op-2').memory;
    // The page opened again: the server's list no longer holds Asha, whose booking ended meanwhile.
    const reread = withServerTickets(typed, [ticket('Ravi', 'PQR-234', 'hash-r')]);
    const older = { operationId: 'op-3', code: 'zzzzzz', scannedAt: now.toISOString() }; // queued before names were kept
    const results = [
      { operationId: 'op-1', result: 'not_a_ticket' as const },
      { operationId: 'op-2', result: 'checked_in' as const },
      { operationId: 'op-3', result: 'not_a_ticket' as const },
    ];
    expect(notTakenOnSync([...reread.queue, older], results)).toEqual(['Asha', 'ZZZ-ZZZ']);
    expect(notTakenOnSync(reread.queue, results.slice(1, 2))).toEqual([]);
  });

  it('hashes a scanned token as the API does', async () => {
    expect(await hashToken(' abc.def ')).toBe(createHash('sha256').update('abc.def').digest('base64url'));
  });
});
