import { CANCELLATION_POLICIES, CANCELLATION_POLICY_LABELS } from '../../../../api/src/contracts/cancellation-policy.js';
import { Form, useNavigation } from '@remix-run/react';
import { useCallback, useState, type ReactNode } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { FieldMessage, SelectField, TextAreaField, TextField } from '~/components/ui/field';
import { useFocusFirstError } from '~/components/ui/use-focus-first-error';
import { cn } from '~/lib/cn';
import { AGE_CHOICES, AGE_SLIDER, toggleAgeChoice, type AgeChoice } from '~/lib/filters';
import { CATEGORY_LABELS, formatRupees } from '~/lib/format-event';
import { useHydrated } from './event-bits';
import { EVENT_TYPES, MEETUP_TYPE_OPTIONS, type EventFormErrors, type EventFormValues } from './event-form-values';
import { PhotoUploader, VideoUploader } from './media-uploader';
import { RangeSlider } from './range-slider';

const MAX_PHOTOS = 10;

/**
 * Every field of an event (SPEC §3) for /create-event and /event/{id}/edit. Sections that do not
 * apply (male/female prices for standard pricing, the meeting link for in-person events, ...)
 * hide once JavaScript runs; without it everything shows and the action sorts it out.
 */
export function EventForm({
  values,
  errors,
  submitLabel,
  busyLabel,
}: {
  values: EventFormValues;
  errors: EventFormErrors | null;
  submitLabel: string;
  busyLabel: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  const [pricingType, setPricingType] = useState(values.pricing_type);
  const [meetupType, setMeetupType] = useState(values.meetup_type);
  const [eventType, setEventType] = useState(values.event_type);
  const [tbd, setTbd] = useState(values.date_tbd);
  const [ageGroups, setAgeGroups] = useState<AgeChoice[]>(values.age_groups);
  const [customRange, setCustomRange] = useState<[number, number]>(() => {
    const low = Number(values.custom_age_min);
    const high = Number(values.custom_age_max);
    return [Number.isFinite(low) ? low : AGE_SLIDER.min, Number.isFinite(high) ? high : AGE_SLIDER.max];
  });
  const [photosBusy, setPhotosBusy] = useState(false);
  const [videoBusy, setVideoBusy] = useState(false);
  const onPhotosBusy = useCallback((busy: boolean) => setPhotosBusy(busy), []);
  const onVideoBusy = useCallback((busy: boolean) => setVideoBusy(busy), []);
  const uploading = photosBusy || videoBusy;

  const fieldErrors = errors?.fields ?? {};
  const formRef = useFocusFirstError(errors, Boolean(errors?.form) || Object.keys(fieldErrors).length > 0);
  const show = (condition: boolean) => !hydrated || condition;
  const planTogether = meetupType === 'plan_together';

  return (
    <Form ref={formRef} method="post" encType="multipart/form-data" noValidate className="space-y-6" data-testid="event-form">
      {errors?.form ? <Alert>{errors.form}</Alert> : null}
      {errors && Object.keys(fieldErrors).length > 0 && !errors.form ? <Alert>Please fix the highlighted fields.</Alert> : null}

      <Section title="The basics">
        <TextField
          label="Title"
          name="title"
          defaultValue={values.title}
          error={fieldErrors.title}
          maxLength={120}
          placeholder="Sunset rooftop jam"
        />
        <TextAreaField
          label="Description"
          name="description"
          maxLength={5000}
          defaultValue={values.description}
          error={fieldErrors.description}
          placeholder="What will guests do, and what should they bring?"
        />
        <SelectField label="Category" name="category" defaultValue={values.category} error={fieldErrors.category}>
          <option value="">Choose a category</option>
          {Object.entries(CATEGORY_LABELS).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </SelectField>
      </Section>

      <Section title="Photos and video" description="The first photo is the cover.">
        <PhotoUploader
          initial={values.images}
          max={MAX_PHOTOS}
          hydrated={hydrated}
          error={fieldErrors.images}
          onBusyChange={onPhotosBusy}
        />
        <VideoUploader
          initialUrl={values.video}
          initialDuration={values.video_duration}
          hydrated={hydrated}
          error={fieldErrors.video ?? fieldErrors.video_duration}
          onBusyChange={onVideoBusy}
        />
      </Section>

      <Section title="When">
        <label className="flex cursor-pointer items-center gap-3 text-[15px] text-slate-800">
          <input
            type="checkbox"
            name="date_tbd"
            value="on"
            checked={tbd}
            onChange={(event) => setTbd(event.target.checked)}
            className="size-5 accent-brand-600"
          />
          Date to be decided
        </label>
        {show(!tbd) ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Starts"
              name="date"
              type="datetime-local"
              defaultValue={values.date}
              error={fieldErrors.date}
              hint="India time"
            />
            <TextField
              label="Ends (optional)"
              name="end_date"
              type="datetime-local"
              defaultValue={values.end_date}
              error={fieldErrors.end_date}
            />
          </div>
        ) : fieldErrors.date ? (
          <p className="text-sm text-rose-600">{fieldErrors.date}</p>
        ) : null}
      </Section>

      <Section title="Where">
        <SelectField
          label="Event type"
          name="event_type"
          value={eventType}
          onChange={(event) => setEventType(event.target.value)}
          error={fieldErrors.event_type}
        >
          {EVENT_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </SelectField>
        {show(eventType === 'online') ? (
          <TextField
            label="Meeting link"
            name="meeting_link"
            type="url"
            defaultValue={values.meeting_link}
            error={fieldErrors.meeting_link}
            placeholder="https://meet.example.com/abc"
            hint="Only signed-in guests see it"
          />
        ) : null}
        <TextField
          label="Location"
          name="location"
          defaultValue={values.location}
          error={fieldErrors.location}
          placeholder="Venue, area, city (e.g. Blue Tokai, Bandra West, Mumbai)"
          hint="Include the city: the city filter matches it"
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Latitude (optional)"
            name="latitude"
            inputMode="decimal"
            defaultValue={values.latitude}
            error={fieldErrors.latitude}
          />
          <TextField
            label="Longitude (optional)"
            name="longitude"
            inputMode="decimal"
            defaultValue={values.longitude}
            error={fieldErrors.longitude}
          />
        </div>
        <details
          className="rounded-xl border border-slate-200 bg-slate-50/60 px-4 py-3"
          open={Boolean(
            values.estimated_location ||
            fieldErrors.estimated_location ||
            fieldErrors.estimated_latitude ||
            fieldErrors.estimated_longitude,
          )}
        >
          <summary className="cursor-pointer text-sm font-medium text-slate-700">
            Estimated location (shown before the exact place is shared)
          </summary>
          <div className="mt-3 space-y-4">
            <TextField
              label="Estimated location"
              name="estimated_location"
              defaultValue={values.estimated_location}
              error={fieldErrors.estimated_location}
              placeholder="Somewhere in Koramangala"
            />
            <div className="grid grid-cols-2 gap-4">
              <TextField
                label="Estimated latitude"
                name="estimated_latitude"
                inputMode="decimal"
                defaultValue={values.estimated_latitude}
                error={fieldErrors.estimated_latitude}
              />
              <TextField
                label="Estimated longitude"
                name="estimated_longitude"
                inputMode="decimal"
                defaultValue={values.estimated_longitude}
                error={fieldErrors.estimated_longitude}
              />
            </div>
          </div>
        </details>
      </Section>

      <Section title="Meetup and price">
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Meetup type</legend>
          {MEETUP_TYPE_OPTIONS.map((option) => (
            <RadioCard
              key={option.value}
              name="meetup_type"
              value={option.value}
              checked={meetupType === option.value}
              onChange={() => setMeetupType(option.value)}
              label={option.label}
              hint={option.hint}
            />
          ))}
          <FieldMessage id="meetup_type" error={fieldErrors.meetup_type} />
        </fieldset>

        {show(!planTogether) ? (
          <>
            <fieldset className="space-y-2">
              <legend className="mb-1 text-sm font-medium text-slate-700">Pricing</legend>
              <div className="grid grid-cols-2 gap-2">
                <RadioCard
                  name="pricing_type"
                  value="standard"
                  checked={pricingType === 'standard'}
                  onChange={() => setPricingType('standard')}
                  label="Standard"
                  hint="One price for everyone"
                />
                <RadioCard
                  name="pricing_type"
                  value="gender_based"
                  checked={pricingType === 'gender_based'}
                  onChange={() => setPricingType('gender_based')}
                  label="By gender"
                  hint="Separate male and female prices"
                />
              </div>
            </fieldset>
            {show(pricingType === 'standard') ? (
              <TextField
                label="Minimum bid (₹)"
                name="min_bid"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                defaultValue={values.min_bid}
                error={fieldErrors.min_bid}
                hint={`Whole rupees, e.g. ${formatRupees(1500)}`}
              />
            ) : null}
            {show(pricingType === 'gender_based') ? (
              <div className="grid grid-cols-2 gap-4">
                <TextField
                  label="Male price (₹)"
                  name="male_price"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  defaultValue={values.male_price}
                  error={fieldErrors.male_price}
                />
                <TextField
                  label="Female price (₹)"
                  name="female_price"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  defaultValue={values.female_price}
                  error={fieldErrors.female_price}
                />
              </div>
            ) : null}
            <Toggle
              name="enable_bidding"
              defaultChecked={values.enable_bidding}
              label="Allow bidding"
              hint="Guests may offer more than the minimum"
            />
          </>
        ) : null}
        <TextField
          label="Capacity (optional)"
          name="capacity"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          defaultValue={values.capacity}
          error={fieldErrors.capacity}
          hint="How many guests you can host"
        />
        <Toggle
          name="show_attendees"
          defaultChecked={values.show_attendees}
          label="Show who is going"
          hint="Guests can see the attendee count"
        />
        <SelectField
          label="Cancellation policy"
          name="cancellation_policy"
          defaultValue={values.cancellation_policy}
          error={fieldErrors.cancellation_policy}
          hint="Shown on the event page before anyone pays. Bookings keep the policy they were made under."
        >
          {CANCELLATION_POLICIES.map((policy) => (
            <option key={policy} value={policy}>
              {CANCELLATION_POLICY_LABELS[policy].title}
            </option>
          ))}
        </SelectField>
      </Section>

      <Section title="Who it's for">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Age groups</legend>
          <div className="flex flex-wrap gap-2">
            {AGE_CHOICES.map((choice) => {
              const checked = ageGroups.includes(choice.value);
              return (
                <label
                  key={choice.value}
                  className={cn(
                    'cursor-pointer rounded-full border px-3.5 py-2 text-sm font-medium transition-colors select-none has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                    checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                  )}
                >
                  <input
                    type="checkbox"
                    name="age_groups"
                    value={choice.value}
                    checked={checked}
                    onChange={() => setAgeGroups((current) => toggleAgeChoice(current, choice.value))}
                    className="sr-only"
                  />
                  {choice.label}
                </label>
              );
            })}
          </div>
          <p className="mt-2 text-xs text-slate-500">No choice means open to all ages.</p>
          <FieldMessage id="age_groups" error={fieldErrors.age_groups} />
        </fieldset>
        {show(ageGroups.includes('custom')) ? (
          <div className="rounded-xl border border-slate-200 p-3.5">
            <p className="mb-2 text-xs font-medium text-slate-500">Custom age range</p>
            <RangeSlider
              bounds={AGE_SLIDER}
              value={customRange}
              onChange={(next) => {
                setCustomRange(next);
                setAgeGroups(['custom']);
              }}
              names={['custom_age_min', 'custom_age_max']}
              labels={['Minimum age', 'Maximum age']}
              format={(value) => String(value)}
            />
            <FieldMessage id="custom_age" error={fieldErrors.custom_age_min} />
          </div>
        ) : null}
      </Section>

      <Section title="Contact" description="Shown to guests on the event page.">
        <TextField
          label="Host contact number (optional)"
          name="host_contact_number"
          type="tel"
          inputMode="tel"
          maxLength={15}
          defaultValue={values.host_contact_number}
          error={fieldErrors.host_contact_number}
          leading="+91"
        />
        <TextField
          label="Social link (optional)"
          name="host_social_link"
          type="url"
          defaultValue={values.host_social_link}
          error={fieldErrors.host_social_link}
          placeholder="https://instagram.com/yourhandle"
        />
      </Section>

      <div className="sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-10 -mx-4 bg-gradient-to-t from-slate-50 via-slate-50 to-transparent px-4 pt-4 pb-2 sm:static sm:mx-0 sm:bg-none sm:p-0">
        <Button type="submit" size="lg" fullWidth loading={submitting} disabled={uploading}>
          {uploading ? 'Uploading…' : submitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div>
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {description ? <p className="text-sm text-slate-500">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

function RadioCard({
  name,
  value,
  checked,
  onChange,
  label,
  hint,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  label: string;
  hint?: string;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-xl border px-3.5 py-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
        checked ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white hover:bg-slate-50',
      )}
    >
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} className="mt-1 size-4 accent-brand-600" />
      <span>
        <span className="block text-[15px] font-medium text-slate-900">{label}</span>
        {/* slate-600: slate-500 is below 4.5:1 on the chosen card's brand-50 */}
        {hint ? <span className="block text-xs text-slate-600">{hint}</span> : null}
      </span>
    </label>
  );
}

function Toggle({ name, defaultChecked, label, hint }: { name: string; defaultChecked: boolean; label: string; hint?: string }) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-4">
      <span>
        <span className="block text-[15px] font-medium text-slate-900">{label}</span>
        {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      </span>
      <span className="relative inline-flex shrink-0">
        <input
          type="checkbox"
          name={name}
          value="on"
          defaultChecked={defaultChecked}
          className="peer sr-only"
          role="switch"
          aria-label={label}
        />
        <span className="h-7 w-12 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600" />
        <span className="absolute top-1 left-1 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5" />
      </span>
    </label>
  );
}
