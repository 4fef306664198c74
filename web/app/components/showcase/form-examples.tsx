import { useActionData } from '@remix-run/react';
import { useState } from 'react';
import { Checkbox } from '~/components/ui/checkbox';
import { CountedTextarea } from '~/components/ui/counted-textarea';
import { ChoiceField, PasswordField, SelectField, TextAreaField, TextField } from '~/components/ui/field';
import { MailIcon } from '~/components/ui/icons';
import { DETAILS_FOR_OTHER, ReportForm } from '~/components/ui/report-form';
import type { ReportFieldErrors } from '~/lib/report-form';
import { textLength } from '~/lib/text-length';
import { CommunityLimits, CONTENT_REPORT_REASONS } from '../../../../api/src/contracts/community.contract.js';
import { Example } from './showcase-section';

/** What the route's action answers a report it refused. */
export interface ShowcaseReportAnswer {
  fieldErrors: ReportFieldErrors;
}

const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];

export function FieldExamples() {
  return (
    <>
      <Example label="Text field" layout="grid">
        <TextField label="Event title" name="showcase-title" placeholder="Sunday supper club" />
        <TextField label="Email" name="showcase-email" type="email" leading={<MailIcon size={18} />} hint="We never show it to others." />
        <TextField label="Minimum bid" name="showcase-bid" defaultValue="300" error="Minimum bid: ₹900" hint="In rupees, no decimals." />
        <TextField label="City" name="showcase-city" defaultValue="Bengaluru" disabled />
      </Example>
      <Example label="Password, text area, select" layout="grid">
        <PasswordField label="Password" name="showcase-password" defaultValue="tribe-password" />
        <PasswordField label="Password (left empty)" name="showcase-password-empty" error="Please enter email and password" />
        <TextAreaField label="Description" name="showcase-description" rows={3} placeholder="What will people do?" />
        <SelectField label="Category" name="showcase-category" defaultValue="" error="Please choose a category">
          <option value="" disabled>
            Choose one
          </option>
          <option value="food">Food</option>
          <option value="music">Music</option>
        </SelectField>
      </Example>
      <Example label="Choice (radio pills)" layout="grid">
        <ChoiceField label="Gender" name="showcase-gender" options={GENDERS} defaultValue="female" />
        <ChoiceField label="Gender (required)" name="showcase-gender-missing" options={GENDERS} error="Please choose one" />
      </Example>
    </>
  );
}

export function CheckboxExamples() {
  return (
    <Example label="States" layout="stack">
      <Checkbox label="Show attendees on the event page" name="showcase-attendees" />
      <Checkbox label="Enable bidding" name="showcase-bidding" defaultChecked />
      <Checkbox
        label="I agree to the Terms and Conditions"
        name="showcase-terms"
        error="Please accept the Terms and Conditions to continue"
      />
      <Checkbox label="Gender-based pricing (set by the host)" name="showcase-pricing" disabled defaultChecked />
    </Example>
  );
}

const COUNTED_MAX = 140;
const LONG_TEXT = 'A long table, five courses and strangers who leave as friends. '.repeat(3);

export function CountedTextareaExamples() {
  return (
    <>
      <CountedExample id="showcase-counted-live" label="Type to see the count" problem={null} initial="" />
      <CountedExample id="showcase-counted-long" label="Too long" problem={null} initial={LONG_TEXT} />
      <CountedExample id="showcase-counted-problem" label="With a problem" problem="Please write something." initial="" />
    </>
  );
}

/** Every one counts as it is typed in, from its starting text. */
function CountedExample({ id, label, problem, initial }: { id: string; label: string; problem: string | null; initial: string }) {
  const [text, setText] = useState(initial);
  return (
    <Example label={label} layout="stack">
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          Message
        </label>
        <CountedTextarea
          id={id}
          name={id}
          rows={2}
          length={textLength(text, COUNTED_MAX)}
          problem={problem}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
    </Example>
  );
}

/** The real report form, answered by the showcase's action: it checks the form and sends nothing. */
export function ReportFormExamples() {
  const answer = useActionData<ShowcaseReportAnswer>();
  return (
    <Example label="Live: submit without a reason to see its error" layout="stack">
      <ReportForm
        reasons={CONTENT_REPORT_REASONS}
        answer={answer}
        errors={answer?.fieldErrors ?? {}}
        error={null}
        detailsHint={DETAILS_FOR_OTHER}
        detailsMax={CommunityLimits.reportDetailsMax}
      />
    </Example>
  );
}
