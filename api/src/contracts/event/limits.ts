/** SPEC §9 limits on an event's fields. */
export const EVENT_MAX_PRICE = 10_000_000;
export const EVENT_MAX_IMAGES = 10;
export const EVENT_TITLE_MAX = 120;
