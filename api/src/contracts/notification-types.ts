/**
 * SPEC §3: event-side and admin notification types. application_expired, chat_message (push-only,
 * below) the community's post_liked, post_commented and new_post, the ratings' rating_prompt and review_reply, the reports queue's report_outcome, and the people console's influencer_verified and verification_refused, attendance's booking_left, booking_refunded, waitlist_offer, waitlist_offer_expired and waitlist_offer_taken, and payments' refund_failed, refund_returned and refund_needs_admin are ours
 * (docs/decisions.md).
 */
export const NOTIFICATION_TYPES = [
  'new_application',
  'bid_accepted',
  'bid_rejected',
  'event_update',
  'application_accepted',
  'application_rejected',
  'application_expired',
  'event_approved',
  'event_rejected',
  'event_cancelled',
  'admin_announcement',
  'event_promotion',
  'platform_update',
  'city_specific',
  'bid_placed',
  'event_reminder',
  'new_follower',
  'payment',
  'chat_message',
  'post_liked',
  'post_commented',
  'new_post',
  'rating_prompt',
  'review_reply',
  'report_outcome',
  'influencer_verified',
  'verification_refused',
  'booking_left',
  'booking_refunded',
  'waitlist_offer',
  'waitlist_offer_expired',
  'waitlist_offer_taken',
  'refund_failed',
  'refund_returned',
  'refund_needs_admin',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Pushed, never listed: chat messages reach people as pushes but stay out of the /notifications
 * inbox and its unread count (SPEC: chat and other push messages are separate kinds).
 */
export const PUSH_ONLY_TYPE = 'chat_message' satisfies NotificationType;

/** What an admin may send (SPEC §3 admin types). */
export const ADMIN_NOTIFICATION_TYPES = [
  'admin_announcement',
  'event_promotion',
  'platform_update',
  'city_specific',
  'bid_placed',
  'event_reminder',
  'new_follower',
  'payment',
] as const satisfies readonly NotificationType[];
export type AdminNotificationType = (typeof ADMIN_NOTIFICATION_TYPES)[number];
