import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { SelectField, TextAreaField, TextField } from '~/components/ui/field';
import { Logo } from '~/components/ui/logo';
import {
  AUDIENCE_KINDS,
  AUDIENCE_SIZE_RESOURCE,
  ROLE_LABELS,
  audienceQuery,
  TYPE_LABELS,
  TYPE_OPTIONS,
  countableAudience,
  peopleCount,
  type AudienceSize,
  type ComposerValues,
} from '~/lib/admin-notifications';
import { cn } from '~/lib/cn';
import type { FieldErrors } from '~/lib/forms';
import {
  MAX_BODY_LENGTH,
  MAX_TITLE_LENGTH,
  type AdminNotificationType,
  type CityAudienceView,
} from '../../../../api/src/contracts/admin-notifications.contract.js';

/** The form as last posted, with what was wrong with it: the composer starts from it. */
export interface ComposerState {
  fieldErrors: FieldErrors;
  formError: string | null;
  values: ComposerValues;
}

/**
 * Each choice's own fields show while it is checked: CSS on the checked radio, so they follow the
 * choice without JavaScript too (the classes are written out whole for Tailwind to find them).
 */
const shownWhen = {
  city: 'hidden group-has-[input[name=audience][value=city]:checked]/composer:block',
  role: 'hidden group-has-[input[name=audience][value=role]:checked]/composer:block',
  users: 'hidden group-has-[input[name=audience][value=users]:checked]/composer:block',
  everyone: 'hidden group-has-[input[name=audience][value=everyone]:checked]/composer:flex',
  later: 'hidden group-has-[input[name=when][value=later]:checked]/composer:block',
};

const DEFAULTS: ComposerValues = { type: 'admin_announcement', audience: 'city', role: 'fan', when: 'now' };

/** Waits for typing to settle before asking the API how big the audience is. */
const COUNT_DEBOUNCE_MS = 300;

/**
 * The composer: what to say, to whom and when, with a preview of the push and the inbox item and
 * the audience's size (both need JavaScript; the form itself does not). "Check audience size"
 * answers the size without JavaScript.
 */
export function NotificationComposer({
  cities,
  state,
  checkedSize,
}: {
  cities: CityAudienceView[];
  state: ComposerState | null;
  checkedSize: number | null;
}) {
  const [values, setValues] = useState<ComposerValues>({ ...DEFAULTS, ...state?.values });
  const errors = state?.fieldErrors ?? {};
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  const size = useAudienceSize(values);
  const citiesListId = useId();
  const update = (event: FormEvent<HTMLFormElement>) => {
    const { name, value } = event.target as HTMLInputElement;
    if (name) setValues((current) => ({ ...current, [name]: value }));
  };

  return (
    <section aria-labelledby="compose-heading" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="compose-heading" className="text-lg font-semibold text-slate-900">
        New announcement
      </h2>
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Form method="post" className="group/composer space-y-4" aria-label="Compose an announcement" onChange={update}>
          {state?.formError ? <Alert>{state.formError}</Alert> : null}
          <TextField label="Title" name="title" defaultValue={values.title} maxLength={MAX_TITLE_LENGTH} error={errors.title} required />
          <TextAreaField
            label="Message"
            name="body"
            defaultValue={values.body}
            maxLength={MAX_BODY_LENGTH}
            rows={3}
            error={errors.body}
            required
          />
          <SelectField label="Type" name="type" defaultValue={values.type} error={errors.type}>
            {TYPE_OPTIONS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Image URL (optional)"
              name="image_url"
              type="url"
              defaultValue={values.image_url}
              error={errors.image_url}
              hint="https://…"
            />
            <TextField
              label="Link (optional)"
              name="link"
              defaultValue={values.link}
              error={errors.link}
              hint="A page like /home, or an https address"
            />
          </div>

          <fieldset className="space-y-3">
            <legend className="block text-sm font-medium text-slate-700">Audience</legend>
            <RadioRow name="audience" options={AUDIENCE_KINDS} value={values.audience} />
            <div className={shownWhen.city}>
              <TextField
                label="City"
                name="city"
                list={citiesListId}
                defaultValue={values.city}
                error={errors.city}
                autoComplete="off"
                hint="People whose profile location names this city"
              />
              <datalist id={citiesListId}>
                {cities.map(({ city, audience }) => (
                  <option key={city} value={city}>
                    {peopleCount(audience)}
                  </option>
                ))}
              </datalist>
            </div>
            <div className={shownWhen.role}>
              <SelectField label="Role" name="role" defaultValue={values.role} error={errors.role}>
                {Object.entries(ROLE_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </SelectField>
            </div>
            <div className={shownWhen.users}>
              <TextAreaField
                label="User ids"
                name="user_ids"
                rows={3}
                defaultValue={values.user_ids}
                error={errors.user_ids}
                placeholder="One per line, or separated by commas"
              />
            </div>
            {errors.audience ? <p className="text-sm text-rose-600">{errors.audience}</p> : null}
            <AudienceSizeLine size={size} checkedSize={checkedSize} />
            <label
              className={cn(
                'items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900',
                shownWhen.everyone,
              )}
            >
              <input type="checkbox" name="confirm_everyone" value="yes" className="mt-0.5 size-4" />
              <span>
                I mean to send this to everyone on Tribe.
                {errors.confirm_everyone ? <span className="block font-medium text-rose-700">{errors.confirm_everyone}</span> : null}
              </span>
            </label>
          </fieldset>

          <fieldset className="space-y-3">
            <legend className="block text-sm font-medium text-slate-700">When</legend>
            <RadioRow
              name="when"
              options={[
                { value: 'now', label: 'Send now' },
                { value: 'later', label: 'At a time' },
              ]}
              value={values.when}
            />
            <div className={shownWhen.later}>
              <TextField
                label="Send at (India time)"
                name="send_at"
                type="datetime-local"
                defaultValue={values.send_at}
                error={errors.send_at}
              />
            </div>
          </fieldset>

          <div className="flex flex-wrap gap-2 pt-2">
            <Button type="submit" name="intent" value="send" loading={busy('send')}>
              {values.when === 'later' ? 'Schedule' : 'Send'}
            </Button>
            <Button type="submit" name="intent" value="test" variant="outline" loading={busy('test')} formNoValidate>
              Send test to my devices
            </Button>
            <Button type="submit" name="intent" value="preview" variant="ghost" loading={busy('preview')} formNoValidate>
              Check audience size
            </Button>
          </div>
        </Form>
        <NotificationPreview values={values} />
      </div>
    </section>
  );
}

function RadioRow({ name, options, value }: { name: string; options: ReadonlyArray<{ value: string; label: string }>; value?: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      {options.map((option) => (
        <label
          key={option.value}
          className={cn(
            'relative flex h-10 cursor-pointer items-center rounded-xl border border-slate-300 bg-white px-3.5 text-sm font-medium text-slate-700',
            'has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-700',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            defaultChecked={value === option.value}
            className="absolute inset-0 size-full cursor-pointer opacity-0"
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}

/** Asks the audience route for the size whenever the audience changes (after typing settles). */
function useAudienceSize(values: ComposerValues): AudienceSize | null {
  const [size, setSize] = useState<{ key: string; size: AudienceSize } | null>(null);
  const audience = countableAudience(values);
  const key = audience ? audienceQuery(audience) : '';
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetch(`${AUDIENCE_SIZE_RESOURCE}?${key}`, { headers: { Accept: 'application/json' }, signal: controller.signal })
        .then(async (response) => setSize({ key, size: (await response.json()) as AudienceSize }))
        .catch(() => undefined); // Aborted or offline: the next change asks again.
    }, COUNT_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return key && size?.key === key ? size.size : null;
}

function AudienceSizeLine({ size, checkedSize }: { size: AudienceSize | null; checkedSize: number | null }) {
  if (size && 'error' in size) return <p className="text-sm text-slate-500">{size.error}</p>;
  const count = size?.count ?? checkedSize;
  if (count === null) return null;
  const unknown = size?.unknownUserIds ?? [];
  return (
    <p className="text-sm text-slate-700" data-testid="audience-size" aria-live="polite">
      Goes to <strong>{peopleCount(count)}</strong>
      {unknown.length > 0 ? <span className="text-rose-700"> · unknown ids: {unknown.join(', ')}</span> : null}
    </p>
  );
}

/** How the push and the inbox item will look. */
function NotificationPreview({ values }: { values: ComposerValues }) {
  const title = values.title?.trim() || 'Title';
  const body = values.body?.trim() || 'Your message shows here.';
  const image = values.image_url?.startsWith('https://') ? values.image_url : null;
  const type = TYPE_LABELS[values.type as AdminNotificationType] ?? '';
  return (
    <aside aria-label="Preview" className="space-y-4" data-testid="notification-preview">
      <div>
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Push</p>
        <div className="mt-2 rounded-2xl bg-slate-900/90 p-3 text-white shadow-lg">
          <div className="flex items-center gap-2 text-[11px] text-slate-300">
            <Logo showName={false} className="[&_.logo-mark]:size-4" />
            Tribe · now
          </div>
          <p className="mt-1.5 text-sm font-semibold break-words">{title}</p>
          <p className="text-sm break-words text-slate-200">{body}</p>
          {image ? <img src={image} alt="" className="mt-2 max-h-32 w-full rounded-lg object-cover" /> : null}
        </div>
      </div>
      <div>
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Inbox</p>
        <div className="mt-2 flex gap-3 rounded-xl border border-slate-200 bg-brand-50/40 p-3">
          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />
          <div className="min-w-0">
            <p className="text-sm font-semibold break-words text-slate-900">{title}</p>
            <p className="text-sm break-words text-slate-600">{body}</p>
            <p className="mt-1 text-xs text-slate-500">
              {type} · Just now{values.link ? ` · opens ${values.link}` : ''}
            </p>
          </div>
        </div>
      </div>
    </aside>
  );
}
