/**
 * Applications (bids). pending → accepted | rejected | expired (the capture window passed) |
 * cancelled (the event was cancelled) | withdrawn (the fan left Tribe). Shown as "Pending Approval" while pending.
 */
export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected', 'expired', 'cancelled', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The fan as the event's host sees them. */
export interface ApplicantView {
  id: string;
  name: string | null;
  photoUrl: string | null;
  email?: string | null;
}

/** GET /applications/event/{id} and GET /applications/pending (the host's view). */
export interface HostApplicationView {
  id: string;
  eventId: string;
  eventTitle: string;
  createdAt: string;
  updatedAt: string;
  bidAmount: number;
  message: string | null;
  status: ApplicationStatus;
  fan: ApplicantView;
}

/** GET /applications/mine (the fan's view) and the answer of accept, reject and bid. */
export interface ApplicationView {
  id: string;
  eventId: string;
  eventTitle: string;
  eventDate: string;
  fanId: string;
  bidAmount: number;
  message: string | null;
  status: ApplicationStatus;
  transactionId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /events/{id}/attendees. */
export interface AttendeeView {
  id: string;
  name: string | null;
  photoUrl: string | null;
}
