import { useState, type FormEvent, type Ref } from 'react';
import { CountedTextarea } from '~/components/ui/counted-textarea';
import { textProblem, writtenLength, type WrittenKind } from '~/lib/community';
import type { TextLength } from '~/lib/text-length';

/** A post or comment being written: its text, its length the API's way, and the problem last found in it. */
export interface WrittenDraft {
  kind: WrittenKind;
  text: string;
  length: TextLength;
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
      <CountedTextarea
        id={id}
        textareaRef={textareaRef}
        length={length}
        problem={shown}
        compact={compact}
        counterTestId={counterTestId}
        name="text"
        rows={rows}
        value={draft.text}
        autoFocus={autoFocus}
        placeholder={placeholder}
        data-autofocus={sheetAutofocus || undefined}
        onChange={(event) => draft.change(event.target.value)}
      />
    </div>
  );
}
