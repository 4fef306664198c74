import { ChoiceField, SelectField, TextAreaField, TextField } from '~/components/ui/field';
import { DRINKING_CHOICES, SUGGESTED_INTERESTS } from '~/lib/profile';
import type { FieldErrors } from '~/lib/forms';
import { cn } from '~/lib/cn';

/** The values a profile form starts from (a saved profile, or what was just sent back with errors). */
export interface ProfileDetailsValues {
  bio: string;
  location: string;
  work: string;
  education: string;
  height: string;
  drinking: string;
  instagram: string;
  interests: string[];
  role: string;
}

export function profileDetailsValues(user: {
  bio?: string | null;
  location?: string | null;
  work?: string | null;
  education?: string | null;
  height?: string | null;
  drinking?: string | null;
  instagram_handle?: string | null;
  interests?: string[] | null;
  role?: string | null;
}): ProfileDetailsValues {
  return {
    bio: user.bio ?? '',
    location: user.location ?? '',
    work: user.work ?? '',
    education: user.education ?? '',
    height: user.height ?? '',
    drinking: user.drinking ?? '',
    instagram: user.instagram_handle ? `@${user.instagram_handle}` : '',
    interests: user.interests ?? [],
    role: user.role === 'influencer' ? 'influencer' : 'fan',
  };
}

/** Interests as chips: the suggestions and the person's own, each a checkbox (no JavaScript needed). */
function InterestChips({ selected, error }: { selected: string[]; error?: string | null }) {
  const own = selected.filter((interest) => !SUGGESTED_INTERESTS.some((suggested) => suggested.toLowerCase() === interest.toLowerCase()));
  const chosen = new Set(selected.map((interest) => interest.toLowerCase()));
  return (
    <fieldset className="space-y-2" aria-describedby={error ? 'interests-error' : undefined}>
      <legend className="block text-sm font-medium text-slate-700">Interests</legend>
      <div className="flex flex-wrap gap-2">
        {[...SUGGESTED_INTERESTS, ...own].map((interest) => (
          <label
            key={interest}
            className={cn(
              'cursor-pointer rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700',
              'has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-700',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
            )}
          >
            <input
              type="checkbox"
              name="interests"
              value={interest}
              defaultChecked={chosen.has(interest.toLowerCase())}
              className="sr-only"
            />
            {interest}
          </label>
        ))}
      </div>
      <TextField label="Other interests" name="otherInterests" placeholder="Comma-separated, e.g. Chess, Trekking" autoComplete="off" />
      {error ? (
        <p id="interests-error" className="text-sm text-rose-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The profile details every profile form asks for (SPEC §3 User): about, location, interests,
 * work, education, drinking, height, Instagram and how the person uses Tribe.
 */
export function ProfileDetailsFields({
  values,
  errors,
  withRole = true,
}: {
  values: ProfileDetailsValues;
  errors: FieldErrors;
  /** Fans and hosts choose their view; an admin has none to choose. */
  withRole?: boolean;
}) {
  return (
    <>
      <TextField
        label="Location"
        name="location"
        autoComplete="address-level2"
        placeholder="City, e.g. Bengaluru"
        defaultValue={values.location}
        error={errors.location}
      />
      <TextAreaField
        label="Bio"
        name="bio"
        rows={3}
        maxLength={500}
        placeholder="A line or two about you"
        defaultValue={values.bio}
        error={errors.bio}
      />
      <InterestChips selected={values.interests} error={errors.interests} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Work" name="work" placeholder="What you do" defaultValue={values.work} error={errors.work} />
        <TextField
          label="Education"
          name="education"
          placeholder="Where you studied"
          defaultValue={values.education}
          error={errors.education}
        />
        <SelectField label="Drinking" name="drinking" defaultValue={values.drinking} error={errors.drinking}>
          <option value="">Prefer not to say</option>
          {DRINKING_CHOICES.filter((choice) => choice !== 'Prefer not to say').map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Height"
          name="height"
          placeholder={'e.g. 5\'7" or 170 cm'}
          maxLength={20}
          defaultValue={values.height}
          error={errors.height}
        />
      </div>
      <TextField
        label="Instagram"
        name="instagram"
        autoComplete="off"
        placeholder="@yourname"
        defaultValue={values.instagram}
        error={errors.instagram}
      />
      {withRole ? (
        <ChoiceField
          label="I'm here to"
          name="role"
          options={[
            { value: 'fan', label: 'Join events' },
            { value: 'influencer', label: 'Host events' },
          ]}
          defaultValue={values.role}
          error={errors.role}
        />
      ) : null}
    </>
  );
}
