import { useState } from 'react';
import { Avatar } from '~/components/events/event-bits';
import { useToast } from '~/components/ui/toast';
import { AlertCircleIcon, ClockIcon, TicksIcon } from '~/components/ui/icons';
import { pollShare, votesAfterTap } from '~/lib/chat';
import { cn } from '~/lib/cn';
import { formatTime } from '~/lib/format-event';
import { ChatMessages, type MessageStatus, type MessageView } from '../../../../api/src/contracts/chat.contract.js';
import type { PendingMessage } from './use-chat-room';

const STATUS_LABELS: Record<MessageStatus, string> = { sent: 'Sent', delivered: 'Delivered', read: 'Read' };

/** WhatsApp-style ticks: one for sent, two for delivered, two in blue for read. */
export function Ticks({ status }: { status: MessageStatus | 'pending' }) {
  if (status === 'pending') {
    return (
      <span data-testid="message-status" data-status="pending" role="img" aria-label="Sending" className="inline-flex">
        <ClockIcon size={14} strokeWidth={2.4} />
      </span>
    );
  }
  return (
    <span
      data-testid="message-status"
      data-status={status}
      role="img"
      aria-label={STATUS_LABELS[status]}
      className={cn('inline-flex', status === 'read' ? 'text-sky-200' : 'text-white/90')}
    >
      <TicksIcon double={status !== 'sent'} />
    </span>
  );
}

/**
 * One message: own on the right in the brand colour with its ticks, others' on the left with the
 * sender's name and photo (once per run of messages from the same person). Polls and images have
 * their own bodies.
 */
export function MessageBubble({
  message,
  mine,
  status,
  showSender,
  me,
  canVote,
  onVote,
}: {
  message: MessageView;
  mine: boolean;
  status: MessageStatus;
  showSender: boolean;
  me: string;
  canVote: boolean;
  onVote: (message: MessageView, optionIds: string[]) => Promise<boolean>;
}) {
  return (
    <BubbleRow mine={mine} showSender={showSender} name={message.senderName} photoUrl={message.senderPhotoUrl} seq={message.seq}>
      {message.type === 'poll' && message.poll ? (
        <PollBody message={message} mine={mine} me={me} canVote={canVote} onVote={onVote} />
      ) : message.type === 'image' && message.imageUrl ? (
        <ImageBody url={message.imageUrl} caption={message.text} />
      ) : (
        <p dir="auto" className="break-words whitespace-pre-wrap">
          {message.text}
        </p>
      )}
      <Meta mine={mine} time={message.createdAt} status={mine ? status : null} />
    </BubbleRow>
  );
}

/** A message of this page the API does not have yet: sending, uploading (with its progress) or failed (with a retry). */
export function PendingBubble({ item, onRetry, onDiscard }: { item: PendingMessage; onRetry: () => void; onDiscard: () => void }) {
  const input = item.input;
  return (
    <BubbleRow mine showSender={false} name="" photoUrl={null} pending>
      {item.type === 'image' ? (
        <div className="space-y-2">
          {item.preview ? <img src={item.preview} alt="Photo being sent" className="max-h-64 rounded-xl object-cover" /> : null}
          {item.state === 'uploading' ? (
            <div
              role="progressbar"
              aria-label="Uploading photo"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(item.progress * 100)}
              className="h-1.5 w-full overflow-hidden rounded-full bg-white/30"
            >
              <div className="h-full rounded-full bg-white transition-[width]" style={{ width: `${Math.round(item.progress * 100)}%` }} />
            </div>
          ) : null}
        </div>
      ) : input && input.type === 'poll' ? (
        <div>
          <p dir="auto" className="font-semibold break-words">
            📊 {input.text}
          </p>
          <ul className="mt-2 space-y-1 text-sm">
            {input.options.map((option, index) => (
              <li key={index} className="rounded-lg bg-white/15 px-3 py-1.5">
                {option}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p dir="auto" className="break-words whitespace-pre-wrap">
          {input?.text}
        </p>
      )}
      {item.state === 'failed' ? (
        <div role="alert" className="mt-2 rounded-lg bg-white px-2.5 py-2 text-sm text-rose-700">
          <p className="flex items-start gap-1.5">
            <AlertCircleIcon size={16} className="mt-0.5 shrink-0" />
            {item.error ?? ChatMessages.sendFailed}
          </p>
          <div className="mt-1.5 flex gap-3">
            <button type="button" onClick={onRetry} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
              Retry
            </button>
            <button type="button" onClick={onDiscard} className="text-slate-600 underline-offset-2 hover:underline">
              Discard
            </button>
          </div>
        </div>
      ) : (
        <Meta mine time={item.createdAt} status="pending" />
      )}
    </BubbleRow>
  );
}

function BubbleRow({
  mine,
  showSender,
  name,
  photoUrl,
  seq,
  pending = false,
  children,
}: {
  mine: boolean;
  showSender: boolean;
  name: string;
  photoUrl: string | null;
  seq?: number;
  pending?: boolean;
  children: React.ReactNode;
}) {
  return (
    <li
      data-testid={pending ? 'pending-message' : 'message'}
      data-seq={seq}
      data-mine={mine ? 'true' : 'false'}
      className={cn('flex gap-2 px-3', mine ? 'justify-end' : 'justify-start', showSender ? 'mt-3' : 'mt-1')}
    >
      {mine ? null : <span className="w-8 shrink-0 self-end">{showSender ? <Avatar name={name} url={photoUrl} size={32} /> : null}</span>}
      <div
        className={cn(
          'max-w-[80%] rounded-2xl px-3 py-2 text-[15px] shadow-sm sm:max-w-[70%]',
          mine ? 'rounded-br-md bg-brand-600 text-white' : 'rounded-bl-md bg-white text-slate-900',
          pending && 'opacity-80',
        )}
      >
        {showSender && !mine ? (
          <p data-testid="message-sender" className="mb-0.5 text-xs font-semibold text-brand-700">
            <bdi>{name}</bdi>
          </p>
        ) : null}
        {children}
      </div>
    </li>
  );
}

function Meta({ mine, time, status }: { mine: boolean; time: string; status: MessageStatus | 'pending' | null }) {
  return (
    <span className={cn('mt-0.5 flex items-center justify-end gap-1 text-[11px]', mine ? 'text-white/90' : 'text-slate-500')}>
      <time dateTime={time}>{formatTime(time)}</time>
      {status ? <Ticks status={status} /> : null}
    </span>
  );
}

function ImageBody({ url, caption }: { url: string; caption: string | null }) {
  return (
    <div className="space-y-1.5">
      <a href={url} target="_blank" rel="noreferrer" className="block">
        <img src={url} alt={caption || 'Photo'} loading="lazy" className="max-h-72 w-full rounded-xl bg-slate-100 object-cover" />
      </a>
      {caption ? (
        <p dir="auto" className="break-words whitespace-pre-wrap">
          {caption}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A poll: each option with its votes and a bar; the voter's choice is marked. Tapping an option
 * votes for it, moves the vote there, or (tapping one's own choice) takes it back.
 */
function PollBody({
  message,
  mine,
  me,
  canVote,
  onVote,
}: {
  message: MessageView;
  mine: boolean;
  me: string;
  canVote: boolean;
  onVote: (message: MessageView, optionIds: string[]) => Promise<boolean>;
}) {
  const poll = message.poll!;
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const tap = async (optionId: string) => {
    if (busy) return;
    setBusy(true);
    const ok = await onVote(message, votesAfterTap(poll, optionId, me));
    setBusy(false);
    if (!ok) toast.show({ kind: 'error', message: ChatMessages.voteFailed });
  };
  return (
    <div data-testid="poll" className="min-w-56">
      <p dir="auto" className="font-semibold break-words">
        {message.text}
      </p>
      <ul className="mt-2 space-y-1.5" aria-label="Poll options">
        {poll.options.map((option) => {
          const chosen = option.voters.includes(me);
          const share = pollShare(option.votes, poll.totalVotes);
          return (
            <li key={option.id}>
              <button
                type="button"
                disabled={!canVote || busy}
                aria-pressed={chosen}
                onClick={() => void tap(option.id)}
                data-testid="poll-option"
                className={cn(
                  'relative w-full overflow-hidden rounded-lg border px-3 py-2 text-left text-sm transition-colors disabled:cursor-default',
                  mine ? 'border-white/40 hover:bg-white/10' : 'border-slate-200 hover:bg-slate-50',
                  chosen && (mine ? 'border-white' : 'border-brand-500'),
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn('absolute inset-y-0 left-0', mine ? 'bg-white/20' : 'bg-brand-100')}
                  style={{ width: `${share}%` }}
                />
                <span className="relative flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className={cn(
                      'flex size-4 shrink-0 items-center justify-center rounded-full border text-[10px]',
                      chosen
                        ? mine
                          ? 'border-white bg-white text-brand-700'
                          : 'border-brand-600 bg-brand-600 text-white'
                        : 'border-current opacity-60',
                    )}
                  >
                    {chosen ? '✓' : ''}
                  </span>
                  <span dir="auto" className="min-w-0 flex-1 break-words">
                    {option.text}
                  </span>
                  <span data-testid="poll-votes" className="shrink-0 text-xs font-semibold tabular-nums">
                    {option.votes}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <p data-testid="poll-total" className={cn('mt-1.5 text-xs', mine ? 'text-white/80' : 'text-slate-500')}>
        {poll.totalVotes === 1 ? '1 vote' : `${poll.totalVotes} votes`}
      </p>
    </div>
  );
}
