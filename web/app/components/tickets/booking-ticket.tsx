import { formatTime } from '~/lib/format-event';
import type { ShownTicket } from '~/lib/tickets.server';

/**
 * An accepted booking's ticket on /my-bookings: the QR code the host scans at the door (drawn on
 * the server from the signed token) and the short code to read aloud when scanning fails.
 */
export function BookingTicket({ ticket, eventTitle }: { ticket: ShownTicket; eventTitle: string }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-3" aria-label={`Ticket for ${eventTitle}`} data-testid="ticket">
      <h3 className="text-sm font-semibold text-slate-900">Ticket</h3>
      <div className="mt-2 flex items-center gap-4">
        <div
          role="img"
          aria-label={`QR code of your ticket for ${eventTitle}`}
          className="size-32 shrink-0 [&>svg]:h-full [&>svg]:w-full"
          dangerouslySetInnerHTML={{ __html: ticket.qrSvg }}
        />
        <div>
          <p className="text-xs text-slate-600">Show this at the door, or read out your code</p>
          <p className="mt-1 font-mono text-3xl font-bold tracking-widest text-slate-900" data-testid="ticket-code">
            {ticket.code}
          </p>
          {ticket.checkedInAt ? (
            <p className="mt-1 text-sm font-medium text-emerald-700" data-testid="ticket-checked-in">
              Checked in at {formatTime(ticket.checkedInAt)}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
