/**
 * Holds the latest state per room and key for a short window, then hands each room's batch over in
 * one call. For signals that are states rather than events (a member's read marks, a room's last
 * message): each one replaces the one before it, so sending every one to every member would only
 * repeat it. The window opens with the first signal held and closes `windowMs` later; a window of 0
 * hands each signal over at once.
 */
export class LatestByRoom<T> {
  private readonly held = new Map<string, Map<string, T>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly windowMs: number,
    /** The state to keep when a signal meets one already held (the newer, by what the state counts). */
    private readonly merge: (held: T, next: T) => T,
    private readonly send: (roomId: string, batch: T[]) => void,
  ) {}

  add(roomId: string, key: string, signal: T): void {
    if (this.windowMs === 0) {
      this.send(roomId, [signal]);
      return;
    }
    const room = this.held.get(roomId) ?? new Map<string, T>();
    const before = room.get(key);
    room.set(key, before === undefined ? signal : this.merge(before, signal));
    this.held.set(roomId, room);
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.windowMs);
      // A pending window never keeps a stopping process alive: stop() hands it over.
      this.timer.unref();
    }
  }

  /** Hands over everything held now (the window's end, or the process stopping). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rooms = [...this.held];
    this.held.clear();
    for (const [roomId, room] of rooms) this.send(roomId, [...room.values()]);
  }
}
