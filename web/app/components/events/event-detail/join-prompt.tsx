import { Link } from '@remix-run/react';
import { buttonClasses } from '~/components/ui/button';

/** For guests: log in or sign up, then come back to this event. */
export function JoinPrompt({ eventId }: { eventId: string }) {
  const returnTo = encodeURIComponent(`/event/${eventId}`);
  return (
    <div className="mt-6 rounded-2xl bg-brand-50 p-5 text-center">
      <p className="font-semibold text-brand-900">Want to join?</p>
      <p className="mt-1 text-sm text-brand-800">Log in or create an account to apply for this event.</p>
      <div className="mt-4 flex justify-center gap-3">
        <Link to={`/login?returnTo=${returnTo}`} className={buttonClasses('primary', 'md')}>
          Log in
        </Link>
        <Link to={`/signup?returnTo=${returnTo}`} className={buttonClasses('outline', 'md')}>
          Create account
        </Link>
      </div>
    </div>
  );
}
