/**
 * What the users module needs to know about events: how many listed events (active, published,
 * not deleted) each person hosts, counted live. The events module answers it; the composition root
 * binds it (api/src/ports.module.ts), so users never imports events.
 */
export abstract class HostedEvents {
  abstract listedCounts(hostIds: string[]): Promise<Map<string, number>>;
}
