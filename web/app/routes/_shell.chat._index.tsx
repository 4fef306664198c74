import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRevalidator, useRouteError } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { listen, useChatLive } from '~/components/chat/chat-live';
import { RoomImage } from '~/components/chat/room-image';
import { useNow } from '~/components/events/event-bits';
import { RouteErrorPage } from '~/components/layout/error-page';
import { Page, PageHeader } from '~/components/layout/page';
import { Alert } from '~/components/ui/alert';
import { ButtonLink } from '~/components/ui/button';
import { ChatIcon } from '~/components/ui/icons';
import { requireUser } from '~/lib/auth.server';
import {
  applyActivity,
  applyUnread,
  lastActivityOf,
  lastMessageSender,
  listTime,
  needsSenderLookup,
  withLoadedRooms,
  type MemberDetails,
} from '~/lib/chat';
import { loadRooms, senderDetailsFor } from '~/lib/chat.server';
import { cn } from '~/lib/cn';
import { formatBadge } from '~/lib/nav';
import type { ShellHandle } from '~/lib/route-handle';
import type { RoomView } from '../../../api/src/contracts/chat.contract.js';
import { EmptyState } from '~/components/ui/empty-state';

export const meta: MetaFunction = () => [{ title: 'Chats · Tribe' }];
export const handle: ShellHandle = { page: 'chat' };

/**
 * /chat (SPEC §2, §3): the person's event chats, newest activity first, each with its event's
 * image, name, last message ("You: …" for one's own), its time and the unread count.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request);
  const rooms = await loadRooms(token);
  const details = rooms.ok ? await senderDetailsFor(token, rooms.value.rooms, user.id) : {};
  return data({ me: user.id, rooms, details, now: Date.now() }, rooms.ok ? undefined : { status: rooms.status });
}

export default function Chats() {
  const { me, rooms: read, details: loadedDetails, now: loadedAt } = useLoaderData<typeof loader>();
  const now = useNow(loadedAt);
  const rooms = useLiveRooms(read.ok ? read.value.rooms : [], me);
  const details = useSenderDetails(rooms, me, loadedDetails);

  return (
    <Page>
      <PageHeader title="Chats" />
      {!read.ok ? <Alert>{read.error}</Alert> : null}
      {read.ok && rooms.length === 0 ? (
        <EmptyState
          icon={<ChatIcon size={28} />}
          title="No chats yet"
          detail="When a host accepts you for an event, its group chat will appear here so you can plan together."
          action={<ButtonLink to="/home">Find an event</ButtonLink>}
          testId="chats-empty"
        />
      ) : null}
      {rooms.length > 0 ? (
        <ul aria-label="Your chats" className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
          {rooms.map((room) => (
            <RoomRow key={room.id} room={room} me={me} details={details[room.id]} now={now} />
          ))}
        </ul>
      ) : null}
    </Page>
  );
}

function RoomRow({ room, me, details, now }: { room: RoomView; me: string; details: MemberDetails | undefined; now: number }) {
  const badge = formatBadge(room.unread.count);
  const last = room.lastMessage;
  return (
    <li data-testid="chat-room" data-room-id={room.id}>
      <Link
        to={`/chat/${room.id}`}
        className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        <RoomImage room={room} size={52} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className={cn('min-w-0 flex-1 truncate text-[15px] text-slate-900', badge ? 'font-bold' : 'font-semibold')}>
              <bdi>{room.name}</bdi>
            </span>
            <time
              dateTime={lastActivityOf(room)}
              className={cn('shrink-0 text-xs', badge ? 'font-semibold text-brand-700' : 'text-slate-500')}
            >
              {listTime(lastActivityOf(room), now)}
            </time>
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            <span data-testid="chat-preview" className={cn('min-w-0 flex-1 truncate text-sm', badge ? 'text-slate-800' : 'text-slate-600')}>
              {last ? (
                <>
                  <bdi>{lastMessageSender(last, me, details)}</bdi>: <bdi>{last.preview}</bdi>
                </>
              ) : room.status === 'closed' ? (
                'This chat is closed'
              ) : (
                'No messages yet'
              )}
            </span>
            {badge ? (
              <span
                data-testid="chat-unread"
                aria-label={`${badge} unread`}
                className="min-w-[1.375rem] shrink-0 rounded-full bg-brand-600 px-1.5 text-center text-xs leading-[1.375rem] font-semibold text-white"
              >
                {badge}
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * The rooms, kept live by the chat connection: an activity moves its room to the top and counts its
 * unread messages; an `unread` event sets a room's count; a room the list does not know, a
 * membership change and every connect (what happened before it, or while away) read the list again.
 */
function useLiveRooms(loaded: RoomView[], me: string): RoomView[] {
  const { socket } = useChatLive();
  const { revalidate } = useRevalidator();
  const [rooms, setRooms] = useState(loaded);
  const held = useRef(rooms);
  held.current = rooms;
  useEffect(() => setRooms((live) => withLoadedRooms(live, loaded)), [loaded]);

  useEffect(() => {
    if (!socket) return;
    // Read the list again on every connect, the first one too: a message sent between the server
    // rendering this page and the connection coming up reaches no socket of this tab.
    if (socket.connected) revalidate();
    return listen(socket, {
      connect: revalidate,
      'room:activity': (activity) => {
        const next = applyActivity(held.current, activity, me);
        if (!next) {
          revalidate();
          return;
        }
        held.current = next;
        setRooms(next);
      },
      unread: (unread) => setRooms((current) => applyUnread(current, unread)),
      'room:updated': revalidate,
      'room:removed': ({ roomId }) => setRooms((current) => current.filter((room) => room.id !== roomId)),
    });
  }, [socket, me, revalidate]);
  return rooms;
}

/** Member details by room, fetched in the browser for a live last message that came without its sender's name. */
function useSenderDetails(rooms: readonly RoomView[], me: string, loaded: Record<string, MemberDetails>) {
  const [details, setDetails] = useState(loaded);
  useEffect(() => setDetails(loaded), [loaded]);
  const missing = rooms.filter((room) => needsSenderLookup(room.lastMessage, me) && !details[room.id]).map((room) => room.id);
  const key = missing.join(',');
  useEffect(() => {
    if (!key) return;
    for (const roomId of key.split(',')) {
      void fetch(`/resources/chat?view=members&room=${encodeURIComponent(roomId)}`, { headers: { Accept: 'application/json' } })
        .then((response) => (response.ok ? (response.json() as Promise<{ members: MemberDetails }>) : null))
        .then((body) => {
          if (body) setDetails((held) => ({ ...held, [roomId]: body.members }));
        })
        .catch(() => undefined);
    }
  }, [key]);
  return details;
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
