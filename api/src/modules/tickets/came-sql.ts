/**
 * The accepted application `a` came to its event `e`: checked in, or the event never used check-in
 * (its host scanned nobody, so being accepted is all there is to go by). Other modules that list who
 * attended (ratings, a profile's past events) read the tickets module's check_in table through this.
 */
export const cameSql = (a: string, e: string) => `(NOT EXISTS (SELECT 1 FROM check_in door_used WHERE door_used.event_id = ${e}.id)
    OR EXISTS (SELECT 1 FROM check_in own_check_in WHERE own_check_in.application_id = ${a}.id))`;
