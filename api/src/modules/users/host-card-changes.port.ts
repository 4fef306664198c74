/**
 * Event cards and pages show each host's name, photo, verified badge and rating from cached lists
 * and rows. The users module (and ratings, for the rating) says when one of those changed; the events
 * module drops its caches (bound in api/src/ports.module.ts, so neither imports events).
 */
export abstract class HostCardChanges {
  abstract changed(): void;
}
