import { Form, useNavigation } from '@remix-run/react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { inputClasses } from '~/components/ui/field';
import { useFocusFirstError } from '~/components/ui/use-focus-first-error';
import { cn } from '~/lib/cn';

/** The details' hint where "Something else" needs a word of explanation (the API's rule). */
export const DETAILS_FOR_OTHER = 'Optional, except for "Something else".';

/**
 * The form that reports a person, an event, a post or a comment to the moderators: one reason among
 * `reasons` (value to label), the details, and Submit report. It works without JavaScript; what
 * the route's action refused comes back as `errors` (by field) and `error` (the whole form), and
 * focus goes to the first of them.
 */
export function ReportForm({
  reasons,
  reasonName = 'reason',
  reasonRequired = false,
  answer,
  errors,
  error,
  detailsLabel = 'Details',
  detailsHint,
  detailsMax,
  sent = null,
}: {
  reasons: Readonly<Record<string, string>>;
  /** The field the chosen reason travels in. */
  reasonName?: string;
  /** The browser insists on a reason before anything is sent. */
  reasonRequired?: boolean;
  /** The action's answer: each new one moves focus to what it refused. */
  answer: unknown;
  errors: { reason?: string | null; details?: string | null };
  error: string | null;
  detailsLabel?: string;
  detailsHint?: string;
  detailsMax: number;
  /** What was sent when the action refused it: chosen and written again. */
  sent?: { reason: string; details: string } | null;
}) {
  const navigation = useNavigation();
  const formRef = useFocusFirstError(answer, Boolean(error || errors.reason || errors.details));
  const detailsNote = errors.details ? 'details-error' : detailsHint ? 'details-hint' : undefined;
  return (
    <Form ref={formRef} method="post" className="mt-5 space-y-5">
      {error ? <Alert>{error}</Alert> : null}
      <fieldset aria-describedby={errors.reason ? 'reason-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-700">Reason</legend>
        <div className="space-y-2">
          {Object.entries(reasons).map(([value, label]) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 bg-white px-4 py-3 text-[15px] text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={reasonName}
                value={value}
                defaultChecked={sent?.reason === value}
                className="size-4 accent-brand-600"
                required={reasonRequired || undefined}
                aria-invalid={errors.reason ? true : undefined}
              />
              {label}
            </label>
          ))}
        </div>
        {errors.reason ? (
          <p id="reason-error" className="mt-2 text-sm text-rose-600">
            {errors.reason}
          </p>
        ) : null}
      </fieldset>
      <div className="space-y-1.5">
        <label htmlFor="details" className="block text-sm font-medium text-slate-700">
          {detailsLabel}
        </label>
        <textarea
          id="details"
          name="details"
          rows={4}
          defaultValue={sent?.details ?? ''}
          maxLength={detailsMax}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={detailsNote}
          className={cn(inputClasses, errors.details ? 'border-rose-400' : 'border-slate-300', 'py-3')}
          placeholder="Tell us what happened"
        />
        {errors.details ? (
          <p id="details-error" className="text-sm text-rose-600">
            {errors.details}
          </p>
        ) : detailsHint ? (
          <p id="details-hint" className="text-xs text-slate-500">
            {detailsHint}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="danger" size="lg" fullWidth loading={navigation.state === 'submitting'}>
        Submit report
      </Button>
    </Form>
  );
}
