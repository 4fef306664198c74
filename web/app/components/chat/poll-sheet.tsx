import { useState, type FormEvent } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { PlusIcon, XIcon } from '~/components/ui/icons';
import { Sheet } from '~/components/ui/sheet';
import { TextField } from '~/components/ui/field';
import { pollProblem } from '~/lib/chat';
import { ChatLimits } from '../../../../api/src/contracts/chat.contract.js';

const EMPTY = ['', ''];

/** The sheet that writes a poll: a question and 2 to 10 options (empty ones are left out). */
export function PollSheet({
  open,
  onClose,
  onCreate,
}: {
  open: boolean;
  onClose: () => void;
  onCreate: (question: string, options: string[]) => void;
}) {
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState<string[]>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setProblem(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = pollProblem(question, options);
    if (found) {
      setProblem(found);
      return;
    }
    onCreate(question.trim(), options.map((option) => option.trim()).filter(Boolean));
    setQuestion('');
    setOptions(EMPTY);
    close();
  };

  return (
    <Sheet open={open} onClose={close} title="Create a poll" description="Ask the group and let everyone vote.">
      <form onSubmit={submit} className="space-y-3 text-left" noValidate aria-label="Create a poll">
        <TextField
          label="Question"
          name="question"
          value={question}
          maxLength={ChatLimits.maxTextLength}
          onChange={(event) => setQuestion(event.target.value)}
          data-autofocus
        />
        {options.map((option, index) => (
          <div key={index} className="flex items-end gap-2">
            <TextField
              label={`Option ${index + 1}`}
              name={`option-${index}`}
              value={option}
              maxLength={ChatLimits.maxPollOptionLength}
              className="flex-1"
              onChange={(event) => setOptions((held) => held.map((value, at) => (at === index ? event.target.value : value)))}
            />
            {options.length > 2 ? (
              <button
                type="button"
                aria-label={`Remove option ${index + 1}`}
                onClick={() => setOptions((held) => held.filter((_, at) => at !== index))}
                className="mb-1 flex size-10 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
              >
                <XIcon size={18} />
              </button>
            ) : null}
          </div>
        ))}
        {options.length < ChatLimits.maxPollOptions ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => setOptions((held) => [...held, ''])}>
            <PlusIcon size={18} /> Add option
          </Button>
        ) : null}
        {problem ? <Alert>{problem}</Alert> : null}
        <Button type="submit" fullWidth>
          Send poll
        </Button>
      </form>
    </Sheet>
  );
}
