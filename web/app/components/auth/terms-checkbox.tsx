import { Link } from '@remix-run/react';
import { Checkbox } from '~/components/ui/checkbox';

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';

/** "I agree to the Terms and Conditions and Privacy Policy", required before any sign-in (SPEC §5). */
export function TermsCheckbox({ defaultChecked, error }: { defaultChecked?: boolean; error?: string | null }) {
  return (
    <Checkbox
      name="terms"
      defaultChecked={defaultChecked}
      error={error}
      label={
        <>
          I agree to the{' '}
          <Link to="/terms" className={linkClass}>
            Terms and Conditions
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className={linkClass}>
            Privacy Policy
          </Link>
        </>
      }
    />
  );
}
