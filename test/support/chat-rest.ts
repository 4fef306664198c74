import { randomUUID } from 'node:crypto';
import { type MessageView, type RoomView } from '../../api/src/contracts/chat.contract.js';
import { bearer, signUp, signUpHost, type SignedUp } from './factories.js';
import { createEvent } from './join-flow.js';
import { type TestApi } from './test-api.js';

/** The chat's REST calls as one person makes them. */
export function chatAs(api: TestApi, who: SignedUp) {
  const auth = bearer(who.token);
  const rooms = '/api/v1/chat/rooms';
  return {
    createRoom: (body: Record<string, unknown>) => api.http().post(rooms).set(auth).send(body),
    rooms: () => api.http().get(rooms).set(auth),
    room: (roomId: string) => api.http().get(`${rooms}/${roomId}`).set(auth),
    deleteRoom: (roomId: string) => api.http().delete(`${rooms}/${roomId}`).set(auth),
    members: (roomId: string, view: '' | '/basic' | '/details' = '') => api.http().get(`${rooms}/${roomId}/members${view}`).set(auth),
    addMembers: (roomId: string, members: string[]) => api.http().post(`${rooms}/${roomId}/members`).set(auth).send({ members }),
    removeMember: (roomId: string, userId: string) => api.http().delete(`${rooms}/${roomId}/members/${userId}`).set(auth),
    leave: (roomId: string) => api.http().delete(`${rooms}/${roomId}/leave`).set(auth),
    membership: (roomId: string) => api.http().get(`${rooms}/${roomId}/membership`).set(auth),
    messages: (roomId: string, query = '') => api.http().get(`${rooms}/${roomId}/messages${query}`).set(auth),
    send: (roomId: string, body: Record<string, unknown>) =>
      api
        .http()
        .post(`${rooms}/${roomId}/messages`)
        .set(auth)
        .send({ clientId: randomUUID(), ...body }),
    vote: (roomId: string, messageId: string, optionIds: string[]) =>
      api.http().post(`${rooms}/${roomId}/messages/${messageId}/vote`).set(auth).send({ optionIds }),
    read: (roomId: string, seq: number) => api.http().post(`${rooms}/${roomId}/read`).set(auth).send({ seq }),
    delivered: (roomId: string, seq: number) => api.http().post(`${rooms}/${roomId}/delivered`).set(auth).send({ seq }),
    metrics: (roomId: string) => api.http().get(`${rooms}/${roomId}/metrics`).set(auth),
    unread: () => api.http().get('/api/v1/chat/unread').set(auth),
  };
}

export interface ChatRoomSetup {
  host: SignedUp;
  fans: SignedUp[];
  eventId: string;
  room: RoomView;
}

/** A host's event and its chat room with `fanCount` fans the host added. */
export async function roomWithFans(api: TestApi, fanCount: number, title = 'Jazz night'): Promise<ChatRoomSetup> {
  const host = await signUpHost(api, { name: 'Host Person' });
  const fans = await Promise.all(Array.from({ length: fanCount }, (_, index) => signUp(api, { name: `Fan ${index + 1}` })));
  const event = await createEvent(api, host, { title });
  const response = await chatAs(api, host).createRoom({ event_id: event.id, members: fans.map((fan) => fan.user.id) });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`creating the room answered ${response.status}: ${JSON.stringify(response.body)}`);
  return { host, fans, eventId: event.id, room: response.body as RoomView };
}

/** Sends a text message and answers what the API stored. */
export async function sendText(api: TestApi, who: SignedUp, roomId: string, text: string): Promise<MessageView> {
  const response = await chatAs(api, who).send(roomId, { type: 'text', text });
  if (response.status !== 201) throw new Error(`sending answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as MessageView;
}
