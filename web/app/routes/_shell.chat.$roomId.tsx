import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useParams, useRouteError } from '@remix-run/react';
import { randomUUID } from 'node:crypto';
import { useEffect, useRef, useState } from 'react';
import { Composer } from '~/components/chat/composer';
import { MessageList } from '~/components/chat/message-list';
import { RoomImage } from '~/components/chat/room-image';
import { useChatRoom } from '~/components/chat/use-chat-room';
import { useNow } from '~/components/events/event-bits';
import { RouteErrorPage } from '~/components/layout/error-page';
import { BackButton } from '~/components/ui/back-button';
import { InfoIcon } from '~/components/ui/icons';
import { ApiError, failureInit } from '~/lib/api.server';
import { requireUser } from '~/lib/auth.server';
import { activeTypers, isClientId, membersLine, typingLine } from '~/lib/chat';
import { isNotMember, loadRoomPage, sendText } from '~/lib/chat.server';
import { isDocumentRequest } from '~/lib/json-response.server';
import type { ShellHandle } from '~/lib/route-handle';
import { ChatMessages, type MessagePageView, type RoomView } from '../../../api/src/contracts/chat.contract.js';
import { messageTextSchema } from '../../../api/src/contracts/chat.schemas.js';

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded && loaded.state === 'open' ? `${loaded.room.name} · Chat · Tribe` : 'Chat · Tribe' },
];

/** The chat layout: no top bar (the room has its own header) and no bottom nav (SPEC §2: hidden on /chat/ paths). */
export const handle: ShellHandle = { page: 'chat_room', hideTopBar: true, hideBottomNav: true };

/**
 * /chat/{roomId} (SPEC §2, §3, §4): the room's newest messages rendered on the server, then live
 * over the tab's chat connection. A person who is not (or no longer) a member sees why.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request);
  const roomId = params.roomId ?? '';
  try {
    const loaded = await loadRoomPage(token, user.id, roomId, isDocumentRequest(request));
    return { state: 'open' as const, me: user.id, ...loaded, clientId: randomUUID(), now: Date.now() };
  } catch (error) {
    if (isNotMember(error)) return data({ state: 'removed' as const, roomId, message: ChatMessages.notMember }, { status: 403 });
    if (error instanceof ApiError) throw data({ error: error.message }, failureInit(error));
    throw error;
  }
}

/**
 * Without JavaScript the composer posts here (intent `send`): a text message through POST
 * /chat/rooms/{id}/messages with the client id the page was rendered with, then back to the room.
 * A refusal comes back with that client id, so sending the same text again cannot store it twice
 * when the first try did reach the room (an answer lost on the way back).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request);
  const roomId = params.roomId ?? '';
  const form = await request.formData();
  if (form.get('intent') !== 'send') return data({ error: 'Unknown action', text: '', clientId: null }, { status: 400 });
  const raw = String(form.get('text') ?? '');
  const sentId = form.get('clientId');
  const clientId = isClientId(sentId) ? sentId : randomUUID();
  const parsed = messageTextSchema.safeParse(raw);
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? ChatMessages.sendFailed, text: raw, clientId }, { status: 400 });
  }
  const sent = await sendText(token, roomId, clientId, parsed.data);
  if (!sent.ok) return data({ error: sent.error, text: raw, clientId }, { status: sent.status });
  return redirect(`/chat/${encodeURIComponent(roomId)}`);
}

type OpenRoom = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: 'open' }>;

export default function ChatRoomPage() {
  const loaded = useLoaderData<typeof loader>();
  const { roomId = '' } = useParams();
  // A removal read again by the loader keeps the messages on screen, with the notice.
  const lastOpen = useRef<OpenRoom | null>(null);
  if (loaded.state === 'open') lastOpen.current = loaded;
  const open = lastOpen.current?.room.id === roomId ? lastOpen.current : null;
  if (!open) return <NotAMember message={loaded.state === 'removed' ? loaded.message : ChatMessages.notMember} />;
  return <ChatRoom key={roomId} loaded={open} removedNow={loaded.state === 'removed' ? loaded.message : null} />;
}

function ChatRoom({ loaded, removedNow }: { loaded: OpenRoom; removedNow: string | null }) {
  const { room: roomView, me, clientId } = loaded;
  const room = roomView as RoomView;
  const actionData = useActionData<typeof action>();
  const now = useNow(loaded.now, 15_000);
  const chat = useChatRoom({ roomId: room.id, me, page: loaded.page as MessagePageView, removedAtLoad: removedNow });
  const viewport = useVisualViewportBox();
  const closed = room.status === 'closed';
  const canWrite = !chat.removed && !closed;
  const typers = useTypers(chat.typing, me);

  return (
    <div
      data-testid="chat-room-layout"
      className="fixed inset-x-0 top-0 z-30 flex h-dvh flex-col bg-slate-100"
      style={viewport ? { top: viewport.top, height: viewport.height } : undefined}
    >
      <header className="border-b border-slate-200 bg-white pt-[env(safe-area-inset-top)]">
        <div className="mx-auto flex h-16 max-w-3xl items-center gap-2 px-2">
          <BackButton to="/chat" label="Back to chats" />
          <RoomImage room={room} size={40} />
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-[16px] font-semibold text-slate-900">
              <bdi>{room.name}</bdi>
            </h1>
            <p className="truncate text-xs text-slate-600" aria-live="polite">
              {typers.length > 0 ? (
                <span data-testid="typing" className="font-medium text-brand-700">
                  {typingLine(typers)}
                </span>
              ) : (
                <span data-testid="room-presence">{membersLine(room.members, me, chat.presence, now)}</span>
              )}
            </p>
          </div>
          {chat.connected ? null : (
            <span role="status" className="shrink-0 rounded-full bg-amber-50 px-2 py-1 text-[11px] font-medium text-amber-800">
              Connecting…
            </span>
          )}
        </div>
      </header>

      <MessageList room={chat} me={me} now={now} canWrite={canWrite} />

      {chat.removed ? (
        <Notice testId="chat-removed">{chat.removed}</Notice>
      ) : closed ? (
        <Notice testId="chat-closed">{ChatMessages.roomClosed}</Notice>
      ) : (
        <Composer
          clientId={actionData?.clientId ?? clientId}
          serverError={actionData?.error ?? null}
          serverText={actionData?.text ?? ''}
          onSend={chat.send}
          onImage={chat.sendImage}
          onTyping={chat.typingChanged}
        />
      )}
    </div>
  );
}

function Notice({ children, testId }: { children: React.ReactNode; testId: string }) {
  return (
    <div className="border-t border-slate-200 bg-white px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]">
      <p
        role="status"
        data-testid={testId}
        className="mx-auto flex max-w-3xl items-center justify-center gap-2 text-center text-sm text-slate-700"
      >
        <InfoIcon size={18} className="shrink-0 text-slate-500" />
        {children}
      </p>
    </div>
  );
}

function NotAMember({ message }: { message: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-6 py-16 text-center">
      <p role="alert" data-testid="chat-removed" className="text-[15px] text-slate-700">
        {message}
      </p>
      <Link to="/chat" className="mt-6 font-semibold text-brand-700 underline-offset-2 hover:underline">
        Back to chats
      </Link>
    </div>
  );
}

/** Who is typing now: entries lapse on their own (ChatLimits.typingTtlMs) if the stop never arrives. */
function useTypers(typing: Parameters<typeof activeTypers>[0], me: string) {
  const [now, setNow] = useState(() => Date.now());
  const typers = activeTypers(typing, me, now);
  const anyone = (typing?.users.length ?? 0) > 0;
  useEffect(() => {
    setNow(Date.now());
    if (!anyone) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [typing, anyone]);
  return typers;
}

/**
 * The visible part of the page (the visual viewport): with the on-screen keyboard open it is shorter
 * than the window, and the chat fits into it so the composer stays above the keyboard. Null before
 * hydration, without the API, or while zoomed in (the chat then fills the window: 100dvh).
 */
function useVisualViewportBox(): { top: number; height: number } | null {
  const [box, setBox] = useState<{ top: number; height: number } | null>(null);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const update = () => setBox(Math.abs(viewport.scale - 1) < 0.01 ? { top: viewport.offsetTop, height: viewport.height } : null);
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
    };
  }, []);
  return box;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
