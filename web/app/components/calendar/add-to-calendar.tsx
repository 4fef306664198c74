import { CalendarIcon } from '~/components/ui/icons';
import { buttonClasses } from '~/components/ui/button';
import { invitePath } from '~/lib/calendar';
import { cn } from '~/lib/cn';

/**
 * "Add to calendar": the event's .ics invite, downloaded through the web (the session's token stays
 * on the server). A failure comes back to `returnTo` with the reason as a toast.
 */
export function AddToCalendarLink({ eventId, returnTo, className }: { eventId: string; returnTo: string; className?: string }) {
  return (
    <a href={invitePath(eventId, returnTo)} download className={cn(buttonClasses('outline', 'sm'), 'gap-2', className)}>
      <CalendarIcon size={16} />
      Add to calendar
    </a>
  );
}
