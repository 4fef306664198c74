import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import { Spinner } from '~/components/ui/button';
import { dayLabel, messageStatus, startsNewDay } from '~/lib/chat';
import { MessageBubble, PendingBubble } from './message-bubble';
import type { ChatRoomState } from './use-chat-room';

/** How close to the bottom (px) still counts as reading the newest messages. */
const AT_BOTTOM_PX = 80;

// useLayoutEffect warns during server rendering; the scroll work only matters in the browser.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The scrolling list of a room: day separators, bubbles, the pending sends at the end. It opens at
 * the newest message, follows new ones while the person is at the bottom (and always after their own
 * send), loads older ones when the top comes near and keeps the view where it was when they are
 * added above, and reports the newest message seen on screen (for the read mark).
 */
export function MessageList({ room, me, now, canWrite }: { room: ChatRoomState; me: string; now: number; canWrite: boolean }) {
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const { messages } = room.window;
  const firstSeq = messages[0]?.seq ?? 0;
  const lastSeq = messages.at(-1)?.seq ?? 0;
  const before = useRef({ firstSeq, lastSeq, pending: room.pending.length, height: 0 });

  useBrowserLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const previous = before.current;
    if (previous.height === 0) {
      element.scrollTop = element.scrollHeight;
    } else if (firstSeq < previous.firstSeq && lastSeq === previous.lastSeq) {
      // Older messages were added above: stay on the same message.
      element.scrollTop += element.scrollHeight - previous.height;
    } else if (
      room.pending.length > previous.pending ||
      ((lastSeq > previous.lastSeq || room.pending.length !== previous.pending) && atBottom.current)
    ) {
      element.scrollTop = element.scrollHeight;
    }
    before.current = { firstSeq, lastSeq, pending: room.pending.length, height: element.scrollHeight };
  });

  // The list grew shorter (the on-screen keyboard opened, the composer grew): the newest stay in view.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Older messages when the top comes within reach.
  const { loadOlder, seen } = room;
  useEffect(() => {
    const element = top.current;
    const root = scroller.current;
    if (!element || !root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadOlder();
      },
      { root, rootMargin: '300px 0px 0px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loadOlder, firstSeq]);

  // The newest message shown on screen is read (the hook marks it while the tab is visible).
  useEffect(() => {
    const root = scroller.current;
    if (!root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const seq = Number((entry.target as HTMLElement).dataset.seq);
          if (entry.isIntersecting && Number.isFinite(seq)) seen(seq);
        }
      },
      { root, threshold: 0.5 },
    );
    for (const element of root.querySelectorAll('[data-testid="message"][data-seq]')) observer.observe(element);
    return () => observer.disconnect();
  }, [seen, messages]);

  const onScroll = () => {
    const element = scroller.current;
    if (element) atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < AT_BOTTOM_PX;
  };

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      data-testid="message-scroller"
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain py-3 [overflow-anchor:none]"
    >
      <div ref={top} aria-hidden="true" className="h-px" />
      {room.loadingOlder ? (
        <p className="flex justify-center py-2 text-slate-500" role="status" aria-label="Loading older messages">
          <Spinner />
        </p>
      ) : null}
      {!room.window.hasMore && messages.length > 0 ? (
        <p className="px-6 py-2 text-center text-xs text-slate-600">This is the start of the chat.</p>
      ) : null}
      {messages.length === 0 && room.pending.length === 0 ? (
        <p className="px-6 py-10 text-center text-[15px] text-slate-600">No messages yet. Say hello!</p>
      ) : null}
      <ol aria-label="Messages" className="mx-auto max-w-3xl">
        {messages.map((message, index) => {
          const previous = messages[index - 1];
          const newDay = startsNewDay(message, previous);
          const mine = message.senderId === me;
          return (
            <Fragment key={message.id}>
              {newDay ? (
                <li data-testid="day-separator" className="my-3 flex justify-center">
                  <span className="rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-600 shadow-sm">
                    {dayLabel(message.createdAt, now)}
                  </span>
                </li>
              ) : null}
              <MessageBubble
                message={message}
                mine={mine}
                status={messageStatus(message, room.receipts)}
                showSender={!mine && (newDay || previous?.senderId !== message.senderId)}
                me={me}
                canVote={canWrite}
                onVote={room.vote}
              />
            </Fragment>
          );
        })}
        {room.window.hasNewer
          ? null
          : room.pending.map((item) => (
              <PendingBubble
                key={item.clientId}
                item={item}
                onRetry={() => room.retry(item.clientId)}
                onDiscard={() => room.discard(item.clientId)}
              />
            ))}
      </ol>
      {room.window.hasNewer ? (
        <div className="sticky bottom-2 flex justify-center">
          <button
            type="button"
            onClick={room.jumpToLatest}
            className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            Jump to latest messages
          </button>
        </div>
      ) : null}
    </div>
  );
}
