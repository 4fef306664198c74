/**
 * Live connections opened with a session (the chat's sockets). A session that ends closes its
 * connections at once, on every instance, instead of at their next action or session re-check. Called
 * after the change committed. The chat answers it (bound in api/src/ports.module.ts), since it depends on auth.
 */
export abstract class SessionConnections {
  /** The connections opened with this session. */
  abstract closeSession(sessionId: string): void;
  /** Every connection of the person, but those of `keptSessionId` when given. */
  abstract closeAllOf(userId: string, keptSessionId?: string): void;
}
