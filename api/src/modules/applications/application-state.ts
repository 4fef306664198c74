import { type ApplicationStatus } from '../../contracts/applications.contract.js';

/**
 * The application state machine: a pending application is decided once (accepted, rejected),
 * lapses (expired: the capture window passed), or ends with its event (cancelled) or its fan's
 * account (withdrawn), or its fan leaves it (left). An accepted one can still end with its event, its fan's
 * account or its fan leaving, or when its host or an admin refunds everything it paid (refunded).
 */
export const APPLICATION_MOVES = {
  pending: ['accepted', 'rejected', 'expired', 'cancelled', 'withdrawn', 'left'],
  accepted: ['cancelled', 'withdrawn', 'left', 'refunded'],
  rejected: [],
  expired: [],
  cancelled: [],
  withdrawn: [],
  left: [],
  refunded: [],
} as const satisfies Record<ApplicationStatus, readonly ApplicationStatus[]>;

export const canMoveApplication = (from: ApplicationStatus, to: ApplicationStatus): boolean =>
  (APPLICATION_MOVES[from] as readonly ApplicationStatus[]).includes(to);

export const applicationSourcesOf = (to: ApplicationStatus): ApplicationStatus[] =>
  (Object.keys(APPLICATION_MOVES) as ApplicationStatus[]).filter((from) => canMoveApplication(from, to));

/** Pending and accepted applications hold (or wait for) a seat; a fan has at most one per event. */
export const LIVE_STATUSES: readonly ApplicationStatus[] = ['pending', 'accepted'];
