import { type NotificationType } from '../../contracts/notification-types.js';
import { type Notification } from './entities/notification.entity.js';

export interface NotificationText {
  title: string;
  body: string;
  link: string;
}

type Worded = Pick<Notification, 'type' | 'userId' | 'eventId' | 'eventTitle' | 'fanId' | 'amount' | 'title' | 'body' | 'link'> &
  Partial<Pick<Notification, 'fanName' | 'actorIds'>>;

const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN')}`;

/** "Priya", "Priya and 1 other", "Priya and 4 others": the latest person and how many more a grouped notification tells of. */
function peopleNamed(latest: string, actorIds: readonly string[] | undefined): string {
  const others = Math.max(0, (actorIds?.length ?? 1) - 1);
  if (others === 0) return latest;
  return `${latest} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/** Where each type leads: the page where the person can act on it. */
function linkFor({ type, eventId, userId, fanId }: Worded): string {
  const eventPage = eventId ? `/event/${eventId}` : '/my-bookings';
  switch (type) {
    case 'new_application':
    case 'booking_left':
    case 'waitlist_offer_taken':
      return eventId ? `/event/${eventId}/applications` : '/applications';
    case 'application_expired':
      return userId === fanId ? '/my-bookings' : eventId ? `/event/${eventId}/applications` : '/applications';
    case 'bid_rejected':
    case 'application_rejected':
    case 'booking_refunded':
      return '/my-bookings';
    case 'payment':
      return '/transactions';
    case 'refund_failed':
    case 'refund_returned':
      return '/transactions';
    case 'refund_needs_admin':
      return '/admin';
    case 'new_follower':
      return fanId ? `/profile-preview/${fanId}` : '/profile-v2';
    case 'post_liked':
    case 'post_commented':
    case 'new_post':
      return '/community';
    case 'rating_prompt':
      return eventId ? `/event/${eventId}?rate=1` : '/my-bookings';
    case 'report_outcome':
      return '/notifications';
    case 'influencer_verified':
    case 'verification_refused':
      return '/profile';
    default:
      return eventPage;
  }
}

/** What the event-side types say, from their fields (admins write their own words). */
function worded({ type, userId, fanId, fanName, actorIds, eventTitle, amount }: Worded): Omit<NotificationText, 'link'> {
  const event = eventTitle ?? 'an event';
  // The host may see who applied (the application sheet shows it): the notification says it too.
  const fan = fanName?.trim() || 'Someone';
  const held = amount ? ` The ${rupees(amount)} held for it is released.` : '';
  switch (type as NotificationType) {
    case 'new_application':
      return { title: 'New application', body: `${fan} applied to ${event}${amount ? ` with ${rupees(amount)}` : ''}.` };
    case 'bid_placed':
      return { title: 'New bid', body: `A new bid was placed on ${event}${amount ? `: ${rupees(amount)}` : ''}.` };
    case 'bid_accepted':
    case 'application_accepted':
      return { title: "You're in!", body: `Your application to ${event} was accepted.` };
    case 'bid_rejected':
    case 'application_rejected':
      return { title: 'Application not accepted', body: `The host did not accept your application to ${event}.${held}` };
    case 'application_expired':
      return userId === fanId
        ? { title: 'Application expired', body: `The host did not decide on your application to ${event} in time.${held}` }
        : { title: 'Application expired', body: `An application to ${event} expired before you decided on it.` };
    case 'event_update':
      return { title: 'Event updated', body: `${event} has changed. Check the latest details.` };
    case 'event_approved':
      return { title: 'Event approved', body: `${event} is approved and live.` };
    case 'event_rejected':
      return { title: 'Event not approved', body: `${event} was not approved.` };
    case 'event_cancelled':
      return { title: 'Event cancelled', body: `${event} was cancelled. Any payment for it is released or refunded.` };
    case 'event_reminder':
      return { title: 'Event reminder', body: `${event} is coming up soon.` };
    case 'payment':
      return {
        title: 'Payment released',
        body: `We could not add your application to ${event}${amount ? `, so the ${rupees(amount)} held is released` : ''}.`,
      };
    case 'refund_failed':
      return {
        title: 'Refund not completed',
        body: `Your refund${amount ? ` of ${rupees(amount)}` : ''} for ${event} could not be completed. Our team has been told and will return it to you.`,
      };
    case 'refund_returned':
      return {
        title: 'Refund returned',
        body: `Our team returned${amount ? ` ${rupees(amount)}` : ' your refund'} for ${event} to you outside Tribe. Your transactions show its reference.`,
      };
    case 'refund_needs_admin':
      return {
        title: 'A refund failed',
        body: `A refund${amount ? ` of ${rupees(amount)}` : ''} to ${fan} for ${event} could not be completed. The money is back on the payment: refund it again, or return it another way and record it there.`,
      };
    case 'new_follower':
      return { title: 'New follower', body: `${fan} started following you.` };
    case 'post_liked':
      return { title: 'New like', body: `${peopleNamed(fan, actorIds)} liked your post.` };
    case 'post_commented':
      return { title: 'New comment', body: `${peopleNamed(fan, actorIds)} commented on your post.` };
    case 'new_post':
      return { title: 'New post', body: eventTitle ? `${fan} posted about ${event}.` : `${fan} shared a new post.` };
    case 'rating_prompt':
      return { title: `How was ${event}?`, body: 'Rate the host and the event: it helps others choose.' };
    case 'review_reply':
      return { title: 'The host replied', body: `${fan} replied to your review of ${event}.` };
    case 'booking_left':
      return { title: 'A booking was cancelled', body: `${fan} cancelled their place at ${event}.` };
    case 'booking_refunded':
      return {
        title: 'Your booking was refunded',
        body: `Your payment for ${event} is being refunded in full, and your place there is cancelled. Your transactions show the refund.`,
      };
    case 'waitlist_offer':
      return { title: 'A seat is yours', body: `A seat at ${event} is free for you. Pay to take it before the offer ends.` };
    case 'waitlist_offer_expired':
      return {
        title: 'Waitlist offer ended',
        body: `Your offer of a seat at ${event} ended before it was paid for. You can join the waitlist again.`,
      };
    case 'waitlist_offer_taken':
      return { title: 'A waitlist seat was taken', body: `${fan} took the seat offered to them from the waitlist of ${event}.` };
    case 'report_outcome':
      return { title: 'Your report was reviewed', body: 'An admin reviewed something you reported. Thank you for telling us.' };
    case 'influencer_verified':
      return { title: 'You are verified', body: 'Your profile now shows the verified badge.' };
    case 'verification_refused':
      return { title: 'Verification refused', body: 'We could not verify your profile.' };
    default:
      return { title: 'Tribe', body: eventTitle ?? '' };
  }
}

/** The title, body and link a notification shows in the inbox and in a push. */
export function notificationText(notification: Worded): NotificationText {
  const fromFields = worded(notification);
  return {
    title: notification.title ?? fromFields.title,
    body: notification.body ?? fromFields.body,
    link: notification.link ?? linkFor(notification),
  };
}

/** What a reported thing is called, and what acting on it did, in the reporter's words. */
const REPORTED: Readonly<Record<string, { thing: string; acted: string }>> = {
  event: { thing: 'event', acted: 'took down' },
  person: { thing: 'account', acted: 'suspended' },
  post: { thing: 'post', acted: 'removed' },
  comment: { thing: 'comment', acted: 'removed' },
  review: { thing: 'review', acted: 'removed' },
};

/**
 * A report_outcome notification's words: what became of what the person reported. The admin's
 * reason is not told (it is written for the audit log and may say things about the reported person).
 */
export function reportOutcomeText(kind: string, outcome: 'dismissed' | 'acted'): Pick<NotificationText, 'title' | 'body'> {
  const { thing, acted } = REPORTED[kind] ?? { thing: 'content', acted: 'removed' };
  return outcome === 'acted'
    ? { title: 'We acted on your report', body: `We ${acted} the ${thing} you reported. Thank you for helping keep Tribe safe.` }
    : {
        title: 'Your report was reviewed',
        body: `We reviewed the ${thing} you reported and found it within our community guidelines, so it stays. Thank you for telling us.`,
      };
}
