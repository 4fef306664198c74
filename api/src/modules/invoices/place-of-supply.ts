import { indianState, stateFromLocation, stateOfCity, type IndianState } from '../events/state.js';

export interface PlaceOfSupply {
  name: string;
  /** The GST state code; null only for a supplier state Tribe does not know. */
  code: string | null;
  /** What decided it: the event's location (the rule), else the recipient's state, else the supplier's. */
  basis: 'event' | 'recipient' | 'supplier';
}

/**
 * The place of supply of admission to an event is where the event takes place (IGST Act, section
 * 12(5)(a)): the state read from its location, or from its city. An event whose location names no
 * state Tribe can read (an online meet-up, a typo) falls back to the recipient's state, and then to
 * the supplier's (section 12(2)(b): the recipient's address on record, else the supplier's location).
 */
export function placeOfSupply(
  event: { location: string | null; city: string | null },
  recipientState: IndianState | null,
  supplierState: string,
): PlaceOfSupply {
  const atEvent = stateFromLocation(event.location) ?? stateOfCity(event.city);
  if (atEvent) return { ...atEvent, basis: 'event' };
  if (recipientState) return { ...recipientState, basis: 'recipient' };
  const supplier = indianState(supplierState);
  return { name: supplier?.name ?? supplierState.trim(), code: supplier?.code ?? null, basis: 'supplier' };
}

/** CGST + SGST when the supplier is in the state of supply; IGST otherwise. */
export function isIntraState(place: string, supplierState: string): boolean {
  const supplier = indianState(supplierState)?.name ?? supplierState.trim();
  return (indianState(place)?.name ?? place.trim()).toLowerCase() === supplier.toLowerCase();
}
