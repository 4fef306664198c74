/** Domain events the users module publishes through the outbox. */
export const UserEvents = {
  DeletionRequested: 'user.deletion_requested',
} as const;
