/** Domain events the events module publishes through the outbox. */
export const EventDomainEvents = {
  /** payload { eventId } — consumed by refunds, notifications and chat in later issues. */
  Cancelled: 'event.cancelled',
} as const;
