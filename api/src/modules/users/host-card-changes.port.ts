/**
 * Event cards and pages show each host's name, photo and verified badge from cached lists. The users
 * module says when one of those changed; the events module drops its caches (bound in
 * api/src/ports.module.ts, so users never imports events).
 */
export abstract class HostCardChanges {
  abstract changed(): void;
}
