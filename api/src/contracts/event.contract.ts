/** The event contract shared by api and web; each part lives in ./event/. */
export * from './event/age-groups.js';
export * from './event/catalogue.js';
export * from './event/dates.js';
export * from './event/event-filter.schema.js';
export * from './event/event-input.schema.js';
export * from './event/event-view.js';
export * from './event/limits.js';
export * from './event/pagination.js';
export * from './event/report-event.schema.js';
export * from './event/rules.js';
