import { Form } from '@remix-run/react';
import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useHydrated } from '~/components/events/event-bits';
import { Button } from '~/components/ui/button';
import { ArrowRightIcon, ImageIcon, PollIcon } from '~/components/ui/icons';
import { composerLength } from '~/lib/chat';
import { cn } from '~/lib/cn';
import { ChatLimits, ChatMessages } from '../../../../api/src/contracts/chat.contract.js';
import { PollSheet } from './poll-sheet';
import type { Draft } from './use-chat-room';

/** The textarea grows with its text up to this many pixels, then scrolls. */
const MAX_HEIGHT_PX = 160;

/**
 * The message composer: a textarea that grows with its text, Enter sends (Shift+Enter is a new
 * line), a counter from 900 characters and the spec's message past 1000; a photo button and a poll
 * button. Without JavaScript it is a plain form posting to the page's action, with the client id the
 * server rendered it with (so sending it twice stores one message).
 */
export function Composer({
  clientId,
  serverError,
  serverText,
  onSend,
  onImage,
  onTyping,
}: {
  clientId: string;
  serverError: string | null;
  serverText: string;
  onSend: (draft: Draft) => void;
  onImage: (file: File) => void;
  onTyping: (text: string) => void;
}) {
  const hydrated = useHydrated();
  const [text, setText] = useState(serverText);
  const [pollOpen, setPollOpen] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const length = composerLength(text);
  const empty = length.count === 0;

  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (empty || length.tooLong) return;
    onSend({ type: 'text', text: text.trim() });
    setText('');
    area.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  const error = length.tooLong ? ChatMessages.tooLong : hydrated ? null : serverError;

  return (
    <div className="border-t border-slate-200 bg-white px-2 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))]">
      <Form
        method="post"
        onSubmit={hydrated ? submit : undefined}
        className="mx-auto flex max-w-3xl items-end gap-1.5"
        aria-label="Send a message"
      >
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="clientId" value={clientId} />
        {hydrated ? (
          <>
            <button
              type="button"
              onClick={() => picker.current?.click()}
              aria-label="Send a photo"
              className="flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <ImageIcon size={22} />
            </button>
            <input
              ref={picker}
              type="file"
              accept="image/*"
              // Out of the accessibility tree: "Send a photo" opens it, and a second control read out beside it only confused.
              hidden
              aria-label="Photo to send"
              data-testid="chat-image-input"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                if (file) onImage(file);
                event.currentTarget.value = '';
              }}
            />
            <button
              type="button"
              onClick={() => setPollOpen(true)}
              aria-label="Create a poll"
              className="flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <PollIcon size={22} />
            </button>
          </>
        ) : null}
        <div className="min-w-0 flex-1">
          <label htmlFor="chat-message" className="sr-only">
            Message
          </label>
          <textarea
            id="chat-message"
            ref={area}
            name="text"
            rows={1}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              onTyping(event.target.value);
            }}
            onKeyDown={onKeyDown}
            placeholder="Message"
            aria-invalid={length.tooLong || undefined}
            aria-describedby="chat-message-help"
            className={cn(
              'block max-h-40 w-full resize-none rounded-2xl border bg-slate-50 px-3.5 py-2.5 text-[15px] leading-snug text-slate-900 placeholder:text-slate-400',
              'focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-500/25',
              length.tooLong ? 'border-rose-400' : 'border-slate-200',
            )}
          />
          <div id="chat-message-help" aria-live="polite" className="px-1">
            {length.showCounter ? (
              <p
                data-testid="chat-counter"
                className={cn('pt-1 text-right text-xs tabular-nums', length.tooLong ? 'font-semibold text-rose-700' : 'text-slate-500')}
              >
                {length.count}/{ChatLimits.maxTextLength}
              </p>
            ) : null}
            {error ? (
              <p role="alert" className="pt-1 text-xs text-rose-700">
                {error}
              </p>
            ) : null}
          </div>
        </div>
        <Button
          type="submit"
          aria-label="Send"
          disabled={hydrated && (empty || length.tooLong)}
          className="size-11 shrink-0 rounded-full px-0"
        >
          <ArrowRightIcon size={20} strokeWidth={2} />
        </Button>
      </Form>
      <PollSheet
        open={pollOpen}
        onClose={() => setPollOpen(false)}
        onCreate={(question, options) => onSend({ type: 'poll', text: question, options })}
      />
    </div>
  );
}
