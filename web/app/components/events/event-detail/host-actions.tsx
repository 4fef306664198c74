import { Link } from '@remix-run/react';
import { ConfirmAction } from '~/components/events/confirm-action';
import { buttonClasses } from '~/components/ui/button';

/**
 * What the host (or an admin) can do here: see the applications, attendees and waitlist, check people in, edit
 * or cancel while the event is on, and go to My events.
 */
export function HostActions({
  eventId,
  cancelled,
  allowed,
}: {
  eventId: string;
  cancelled: boolean;
  allowed: { edit: boolean; cancel: boolean };
}) {
  return (
    <div className="mt-4 flex flex-wrap gap-2" data-testid="host-actions">
      <Link to={`/event/${eventId}/applications`} className={buttonClasses('primary', 'sm')}>
        Applications
      </Link>
      <Link to={`/event/${eventId}/attendees`} className={buttonClasses('outline', 'sm')}>
        Attendees
      </Link>
      <Link to={`/event/${eventId}/waitlist`} className={buttonClasses('outline', 'sm')}>
        Waitlist
      </Link>
      {!cancelled ? (
        <Link to={`/event/${eventId}/check-in`} className={buttonClasses('outline', 'sm')}>
          Check-in
        </Link>
      ) : null}
      {!cancelled && allowed.edit ? (
        <Link to={`/event/${eventId}/edit`} className={buttonClasses('secondary', 'sm')}>
          Edit event
        </Link>
      ) : null}
      {!cancelled && allowed.cancel ? (
        <ConfirmAction
          id={`cancel-${eventId}`}
          intent="cancel"
          eventId={eventId}
          trigger="Cancel event"
          question="Cancel this event?"
          detail="Everyone who applied will be told, and pending payments are released. This cannot be undone."
          confirmLabel="Yes, cancel event"
          cancelLabel="Keep event"
        />
      ) : null}
      <Link to="/my-events" className={buttonClasses('ghost', 'sm')}>
        My events
      </Link>
    </div>
  );
}
