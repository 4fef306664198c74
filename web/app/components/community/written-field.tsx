import { useState, type FormEvent, type Ref } from 'react';
import { inputClasses } from '~/components/ui/field';
import { cn } from '~/lib/cn';
import { counterText, textProblem, writtenLength, type WrittenKind, type WrittenLength } from '~/lib/community';

/** A post or comment being written: its text, its length the API's way, and the problem last found in it. */
export interface WrittenDraft {
  kind: WrittenKind;
  text: string;
  length: WrittenLength;
  problem: string | null;
  /** The person typed: the problem found before goes until the next send. */
  change: (text: string) => void;
  setText: (text: string) => void;
  /**
   * On send: stops the form when the API would refuse the text (saying why), or while `waiting`
   * (photos still uploading). True when it stopped it.
   */
  holdBack: (event: FormEvent<HTMLFormElement>, waiting?: boolean) => boolean;
}

export function useWrittenDraft(kind: WrittenKind, initial: string): WrittenDraft {
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  return {
    kind,
    text,
    length: writtenLength(text, kind),
    problem,
    change: (next) => {
      setText(next);
      setProblem(null);
    },
    setText,
    holdBack: (event, waiting = false) => {
      const found = textProblem(text, kind);
      if (!found && !waiting) return false;
      event.preventDefault();
      setProblem(found);
      return true;
    },
  };
}

/**
 * The text box of a post or comment, sent as `text`, with its counter ("1,234/2,000") and what is
 * wrong with it: the problem found on send, else too long as typed, else `serverProblem`. `compact`
 * is the comment box: its label for screen readers only.
 */
export function WrittenField({
  id,
  label,
  draft,
  serverProblem = null,
  compact = false,
  rows,
  placeholder,
  autoFocus,
  sheetAutofocus,
  textareaRef,
  counterTestId,
}: {
  id: string;
  label: string;
  draft: WrittenDraft;
  serverProblem?: string | null;
  compact?: boolean;
  rows: number;
  placeholder?: string;
  autoFocus?: boolean;
  /** The field a sheet focuses when it opens. */
  sheetAutofocus?: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
  counterTestId?: string;
}) {
  const { length } = draft;
  const shown = draft.problem ?? (length.tooLong ? textProblem(draft.text, draft.kind) : null) ?? serverProblem;
  return (
    <div className={compact ? 'space-y-1' : 'space-y-1.5'}>
      <label htmlFor={id} className={compact ? 'sr-only' : 'block text-sm font-medium text-slate-700'}>
        {label}
      </label>
      <textarea
        id={id}
        ref={textareaRef}
        name="text"
        rows={rows}
        value={draft.text}
        autoFocus={autoFocus}
        placeholder={placeholder}
        data-autofocus={sheetAutofocus || undefined}
        onChange={(event) => draft.change(event.target.value)}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error ${id}-counter` : `${id}-counter`}
        className={cn(inputClasses, compact ? 'py-2.5' : 'py-3', shown ? 'border-rose-400' : 'border-slate-300')}
      />
      <div className="flex items-start justify-between gap-3">
        {shown ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-rose-600">
            {shown}
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
    </div>
  );
}
