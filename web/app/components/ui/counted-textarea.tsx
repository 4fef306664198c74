import type { Ref, TextareaHTMLAttributes } from 'react';
import { inputClasses } from '~/components/ui/field';
import { cn } from '~/lib/cn';
import { counterText, type TextLength } from '~/lib/text-length';

/**
 * A text box with what is wrong with it and its counter ("12/1,000") under it, both in its
 * accessible description. `id` names the error (`{id}-error`) and the counter (`{id}-counter`).
 */
export function CountedTextarea({
  id,
  length,
  problem,
  compact = false,
  counterTestId,
  textareaRef,
  ...textarea
}: {
  id: string;
  length: TextLength;
  problem: string | null;
  compact?: boolean;
  counterTestId?: string;
  textareaRef?: Ref<HTMLTextAreaElement>;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & { 'data-autofocus'?: boolean }) {
  const invalid = Boolean(problem) || length.tooLong;
  return (
    <>
      <textarea
        {...textarea}
        id={id}
        ref={textareaRef}
        aria-invalid={invalid || undefined}
        aria-describedby={problem ? `${id}-error ${id}-counter` : `${id}-counter`}
        className={cn(inputClasses, compact ? 'py-2.5' : 'py-3', invalid ? 'border-rose-400' : 'border-slate-300')}
      />
      <div className="flex items-start justify-between gap-3">
        {problem ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-rose-600">
            {problem}
          </p>
        ) : (
          <span />
        )}
        <p
          id={`${id}-counter`}
          data-testid={counterTestId}
          className={cn('shrink-0 text-xs tabular-nums', length.tooLong ? 'font-semibold text-rose-700' : 'text-slate-500')}
        >
          <span className="sr-only">Characters: </span>
          {counterText(length)}
        </p>
      </div>
    </>
  );
}
