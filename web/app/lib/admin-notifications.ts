import {
  ADMIN_NOTIFICATION_TYPES,
  adminNotificationContentSchema,
  adminNotificationSchema,
  audienceSchema,
  type AdminNotificationContent,
  type AdminNotificationInput,
  type AdminNotificationType,
  type Audience,
} from '../../../api/src/contracts/admin-notifications.contract.js';
import { fromIstInputValue } from './format-event';
import type { FieldErrors } from './forms';

export const TYPE_LABELS: Record<AdminNotificationType, string> = {
  admin_announcement: 'Announcement',
  event_promotion: 'Event promotion',
  platform_update: 'Platform update',
  city_specific: 'City news',
  bid_placed: 'Bid placed',
  event_reminder: 'Event reminder',
  new_follower: 'New follower',
  payment: 'Payment',
};

export const TYPE_OPTIONS = ADMIN_NOTIFICATION_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));

export const AUDIENCE_KINDS = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'city', label: 'A city' },
  { value: 'role', label: 'A role' },
  { value: 'users', label: 'Listed people' },
] as const;

export const ROLE_LABELS = { fan: 'Fans', influencer: 'Hosts (influencers)', admin: 'Admins' } as const;

/** The composer's fields as the form posts them (every value text). */
export type ComposerValues = Partial<Record<string, string>>;

const text = (values: ComposerValues, name: string) => values[name] ?? '';

/** "a, b\nc" → ["a", "b", "c"]: ids pasted from anywhere. */
export const splitIds = (value: string) => value.split(/[\s,;]+/).filter((id) => id !== '');

/** The audience the form describes, shaped for the API (checked by the contract's schema later). */
export function audienceFromForm(values: ComposerValues): Record<string, unknown> {
  const kind = text(values, 'audience');
  if (kind === 'city') return { kind, city: text(values, 'city') };
  if (kind === 'role') return { kind, role: text(values, 'role') };
  if (kind === 'users') return { kind, user_ids: splitIds(text(values, 'user_ids')) };
  return { kind };
}

/** The API's field path → the form's field. */
function formField(path: PropertyKey[]): string {
  if (path[0] !== 'audience') return String(path[0] ?? 'form');
  const inner = path[1];
  return inner === 'city' || inner === 'role' || inner === 'user_ids' ? inner : 'audience';
}

type Parsed<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

function parsed<T>(
  result: { success: true; data: T } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } },
): Parsed<T> {
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) fieldErrors[formField(issue.path)] ??= issue.message;
  return { ok: false, fieldErrors };
}

const content = (values: ComposerValues) => ({
  title: text(values, 'title'),
  body: text(values, 'body'),
  type: text(values, 'type'),
  image_url: text(values, 'image_url'),
  link: text(values, 'link'),
});

/**
 * The announcement the form describes, checked with the contract's schema. "Later" reads the
 * date-time field as India time; sending to everyone needs the confirmation box ticked.
 */
export function announcementFromForm(values: ComposerValues): Parsed<AdminNotificationInput> {
  const later = text(values, 'when') === 'later';
  const sendAt = later ? fromIstInputValue(text(values, 'send_at')) : null;
  if (later && !sendAt) return { ok: false, fieldErrors: { send_at: 'Choose the date and time to send it' } };
  const result = parsed(adminNotificationSchema.safeParse({ ...content(values), audience: audienceFromForm(values), send_at: sendAt }));
  if (result.ok && result.data.audience.kind === 'everyone' && values.confirm_everyone !== 'yes') {
    return { ok: false, fieldErrors: { confirm_everyone: 'Tick the box to confirm this goes to everyone' } };
  }
  return result;
}

export function testFromForm(values: ComposerValues): Parsed<AdminNotificationContent> {
  return parsed(adminNotificationContentSchema.safeParse(content(values)));
}

/** The audience when it is complete enough to count, else null. */
export function countableAudience(values: ComposerValues): Audience | null {
  const result = audienceSchema.safeParse(audienceFromForm(values));
  return result.success ? result.data : null;
}

/** The audience as the size route's query (the form's own field names). */
export function audienceQuery({ kind, ...fields }: Audience): string {
  const query = new URLSearchParams({ audience: kind });
  for (const [name, value] of Object.entries(fields)) query.set(name, Array.isArray(value) ? value.join(',') : String(value));
  return query.toString();
}

/** "Everyone", "People in Bengaluru", "Hosts (influencers)", "3 listed people". */
export function describeAudience(audience: Audience): string {
  switch (audience.kind) {
    case 'everyone':
      return 'Everyone';
    case 'city':
      return `People in ${audience.city}`;
    case 'role':
      return ROLE_LABELS[audience.role];
    case 'users':
      return audience.user_ids.length === 1 ? '1 listed person' : `${audience.user_ids.length} listed people`;
  }
}

/** What the composer's audience size route answers. */
export type AudienceSize = { count: number; unknownUserIds: string[] } | { error: string };

/** The composer's audience size route. */
export const AUDIENCE_SIZE_RESOURCE = '/resources/admin-notifications/audience';

export const peopleCount = (count: number) => (count === 1 ? '1 person' : `${count.toLocaleString('en-IN')} people`);
