import {
  ChatMessages,
  type LastMessageView,
  type MemberView,
  type MessageStatus,
  type MessageView,
  type PollView,
  type ReceiptView,
  type RoomView,
  type UnreadView,
} from '../../contracts/chat.contract.js';
import {
  type MarksRow,
  type MemberRow,
  type MessageRow,
  type PersonColumns,
  type RoomRow,
  type UnreadRow,
  type VoteRow,
} from './chat.repository.js';

/** The name shown for a person: their name now, "Deleted user" once the account is gone, else "User". */
export const personName = (person: PersonColumns): string =>
  person.gone ? ChatMessages.deletedUser : person.name?.trim() || ChatMessages.unknownUser;

const personPhoto = (person: PersonColumns): string | null => (person.gone ? null : person.photoUrl);

type Marks = Pick<MemberRow, 'userId'> & MarksRow;

/** The lowest marks among the members other than the sender (its slowest reader); null when nobody else is in the room. */
export function othersLowestMarks(members: readonly Marks[], senderId: string): MarksRow | null {
  const others = members.filter((member) => member.userId !== senderId);
  if (others.length === 0) return null;
  return {
    readSeq: Math.min(...others.map((member) => member.readSeq)),
    deliveredSeq: Math.min(...others.map((member) => member.deliveredSeq)),
  };
}

/** `read` once every other member has read it, `delivered` once every other member received it, else `sent`. */
export function messageStatus(seq: number, othersLowest: MarksRow | null): MessageStatus {
  if (!othersLowest) return 'sent';
  if (othersLowest.readSeq >= seq) return 'read';
  if (othersLowest.deliveredSeq >= seq) return 'delivered';
  return 'sent';
}

export function pollView(message: Pick<MessageRow, 'id' | 'pollOptions'>, votes: readonly VoteRow[]): PollView | null {
  if (!message.pollOptions) return null;
  const mine = votes.filter((vote) => vote.messageId === message.id);
  const options = message.pollOptions.map((option) => {
    const voters = mine.filter((vote) => vote.optionId === option.id).map((vote) => vote.userId);
    return { id: option.id, text: option.text, votes: voters.length, voters };
  });
  return { options, totalVotes: options.reduce((sum, option) => sum + option.votes, 0) };
}

export function messageView(message: MessageRow, othersLowest: MarksRow | null, votes: readonly VoteRow[]): MessageView {
  return {
    id: message.id,
    roomId: message.roomId,
    seq: message.seq,
    clientId: message.clientId,
    senderId: message.senderId,
    senderName: personName(message.sender),
    senderPhotoUrl: personPhoto(message.sender),
    type: message.type,
    text: message.text,
    imageUrl: message.imageUrl,
    poll: message.type === 'poll' ? pollView(message, votes) : null,
    status: messageStatus(message.seq, othersLowest),
    createdAt: message.createdAt.toISOString(),
    archived: message.archived,
  };
}

/** The room list's line: the text, "📷 Photo" for an image, "📊 " and the question for a poll. */
export function messagePreview(message: Pick<MessageRow, 'type' | 'text'>): string {
  if (message.type === 'image') return '📷 Photo';
  if (message.type === 'poll') return `📊 ${message.text ?? ''}`;
  return message.text ?? '';
}

export function lastMessageView(message: MessageRow): LastMessageView {
  return {
    id: message.id,
    seq: message.seq,
    senderId: message.senderId,
    senderName: personName(message.sender),
    type: message.type,
    preview: messagePreview(message),
    createdAt: message.createdAt.toISOString(),
  };
}

export const unreadView = (row: UnreadRow): UnreadView => ({
  roomId: row.roomId,
  count: row.count,
  lastSeq: row.lastSeq,
  lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
});

export function roomView(
  room: RoomRow,
  mine: { role: MemberView['role']; readSeq: number },
  members: readonly string[],
  lastMessage: MessageRow | null,
): RoomView {
  return {
    id: room.id,
    eventId: room.eventId,
    name: room.name,
    eventImage: room.eventImage,
    createdBy: room.createdBy,
    status: room.status,
    members: [...members],
    createdAt: room.createdAt.toISOString(),
    updatedAt: room.updatedAt.toISOString(),
    lastMessage: lastMessage ? lastMessageView(lastMessage) : null,
    lastSeq: room.lastSeq,
    unread: unreadView({
      roomId: room.id,
      count: Math.max(room.lastSeq - mine.readSeq, 0),
      lastSeq: room.lastSeq,
      lastMessageAt: room.lastMessageAt,
    }),
    myRole: mine.role,
  };
}

export const memberView = (member: MemberRow): MemberView => ({
  id: member.userId,
  name: personName(member),
  photoUrl: personPhoto(member),
  isHost: member.role === 'host',
  role: member.role,
  joinedAt: member.joinedAt.toISOString(),
  readSeq: member.readSeq,
  deliveredSeq: member.deliveredSeq,
});

export const basicMemberView = (member: MemberRow) => ({ id: member.userId, name: personName(member), photoUrl: personPhoto(member) });

export const receiptView = (roomId: string, member: Marks): ReceiptView => ({
  roomId,
  userId: member.userId,
  readSeq: member.readSeq,
  deliveredSeq: member.deliveredSeq,
});
