/** The application that lets a person rate an event, as the applications module sees it. */
export interface AcceptedAttendance {
  applicationId: string;
  /** A refund of its payment was processed: the person got their money back, so does not rate. */
  refunded: boolean;
}

/**
 * What the ratings module asks about attendance before a rating is given. The applications module
 * answers it (bound in api/src/ports.module.ts), asking payments about refunds.
 */
export abstract class RatableAttendances {
  /** The person's accepted application to the event, or null when they have none. */
  abstract acceptedAttendance(eventId: string, fanId: string): Promise<AcceptedAttendance | null>;
}
