import { type MessageView, type ReceiptView, type RoomActivityView, type UnreadView } from '../../contracts/chat.contract.js';

/**
 * What the chat tells connected clients after a change has committed, from whichever process made
 * it (an API instance serving REST or a socket, or a worker applying a domain event). The adapter
 * publishes through socket.io's Redis emitter, so every API instance's sockets hear it. Fire and
 * forget: a client that misses one resyncs from its last seq on reconnect, and PostgreSQL is the truth.
 */
export abstract class ChatBroadcast {
  /**
   * `message:new` to the room, and (in the window's `room:activity`) to its members' other
   * connections. The message also tells the room its sender's marks: sending reads the room.
   */
  abstract messageCreated(message: MessageView, activity: RoomActivityView): void;
  /** `message:updated` (poll votes) to the room. */
  abstract messageUpdated(message: MessageView): void;
  /** The member's marks to the room (in its next `receipts`). */
  abstract receipt(receipt: ReceiptView): void;
  /** `unread` to one person's own connections: their read mark moved (another tab or device read the room). */
  abstract unread(userId: string, unread: UnreadView): void;
  /** New members' connections join the room's feed; `room:updated` to the room. */
  abstract membersAdded(roomId: string, userIds: readonly string[]): void;
  /** Their connections leave the room and its feed, and hear `room:removed`; `room:updated` to the rest. */
  abstract membersRemoved(roomId: string, userIds: readonly string[]): void;
  /** `room:updated` to the room (closed, renamed). */
  abstract roomUpdated(roomId: string): void;
  /** Every connection leaves the room and hears `room:removed`. */
  abstract roomDeleted(roomId: string): void;
}
