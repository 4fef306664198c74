import { Init1763700000000 } from './1763700000000-init.js';
import { Events1763700100000 } from './1763700100000-events.js';
import { Media1763700200000 } from './1763700200000-media.js';
import { MobileVerification1763700300000 } from './1763700300000-mobile-verification.js';
import { OutboxPendingByType1763700400000 } from './1763700400000-outbox-pending-by-type.js';
import { OutboxRejectionsAndLookup1763700500000 } from './1763700500000-outbox-rejections-and-lookup.js';
import { MediaRetained1763700600000 } from './1763700600000-media-retained.js';
import { MediaSweep1763700710000 } from './1763700710000-media-sweep.js';
import { ApplicationsPayments1763700800000 } from './1763700800000-applications-payments.js';
import { SandboxProvider1763700810000 } from './1763700810000-sandbox-provider.js';
import { Invoices1763700900000 } from './1763700900000-invoices.js';
import { Payouts1763700910000 } from './1763700910000-payouts.js';
import { NotificationsPush1763701000000 } from './1763701000000-notifications-push.js';
import { ApplicationReminders1763701010000 } from './1763701010000-application-reminders.js';
import { UsersCity1763701050000 } from './1763701050000-users-city.js';
import { UserReports1763701100000 } from './1763701100000-user-reports.js';
import { EmailVerification1763701120000 } from './1763701120000-email-verification.js';
import { Operations1763701200000 } from './1763701200000-operations.js';
import { Chat1763701300000 } from './1763701300000-chat.js';
import { ChatPush1763701310000 } from './1763701310000-chat-push.js';
import { ExactlyOnce1763701400000 } from './1763701400000-exactly-once.js';
import { Community1763701500000 } from './1763701500000-community.js';
import { Ratings1763701600000 } from './1763701600000-ratings.js';
import { AdminAudit1763701700000 } from './1763701700000-admin-audit.js';
import { EventModeration1763701710000 } from './1763701710000-event-moderation.js';
import { PeopleModeration1763701720000 } from './1763701720000-people-moderation.js';
import { ReportOutcomes1763701730000 } from './1763701730000-report-outcomes.js';
import { Analytics1763701740000 } from './1763701740000-analytics.js';
import { LeavingBookings1763701800000 } from './1763701800000-leaving-bookings.js';
import { Waitlist1763701810000 } from './1763701810000-waitlist.js';
import { Calendar1763701820000 } from './1763701820000-calendar.js';
import { CheckIn1763701830000 } from './1763701830000-check-in.js';
import { EventTypeIndexes1763701850000 } from './1763701850000-event-type-indexes.js';
import { OutboxNotify1763701860000 } from './1763701860000-outbox-notify.js';
import { EventEndIndex1763701870000 } from './1763701870000-event-end-index.js';
import { RefundsAwaitingProvider1763701880000 } from './1763701880000-refunds-awaiting-provider.js';
import { RatingsWithdrawn1763701890000 } from './1763701890000-ratings-withdrawn.js';
import { RatingsRateAgain1763701900000 } from './1763701900000-ratings-rate-again.js';
import { PaymentFeeRate1763701910000 } from './1763701910000-payment-fee-rate.js';
import { RefundsReturnedOutside1763701920000 } from './1763701920000-refunds-returned-outside.js';
import { BookingsRefunded1763701930000 } from './1763701930000-bookings-refunded.js';
import { RefundRequestKeys1763701940000 } from './1763701940000-refund-request-keys.js';

/** Every migration, oldest first. Landed migrations are never edited: add a new one. */
export const MIGRATIONS = [
  Init1763700000000,
  Events1763700100000,
  Media1763700200000,
  MobileVerification1763700300000,
  OutboxPendingByType1763700400000,
  OutboxRejectionsAndLookup1763700500000,
  MediaRetained1763700600000,
  MediaSweep1763700710000,
  ApplicationsPayments1763700800000,
  SandboxProvider1763700810000,
  Invoices1763700900000,
  Payouts1763700910000,
  NotificationsPush1763701000000,
  ApplicationReminders1763701010000,
  UsersCity1763701050000,
  UserReports1763701100000,
  EmailVerification1763701120000,
  Operations1763701200000,
  Chat1763701300000,
  ChatPush1763701310000,
  ExactlyOnce1763701400000,
  Community1763701500000,
  Ratings1763701600000,
  AdminAudit1763701700000,
  EventModeration1763701710000,
  PeopleModeration1763701720000,
  ReportOutcomes1763701730000,
  Analytics1763701740000,
  LeavingBookings1763701800000,
  Waitlist1763701810000,
  Calendar1763701820000,
  CheckIn1763701830000,
  EventTypeIndexes1763701850000,
  OutboxNotify1763701860000,
  EventEndIndex1763701870000,
  RefundsAwaitingProvider1763701880000,
  RatingsWithdrawn1763701890000,
  RatingsRateAgain1763701900000,
  PaymentFeeRate1763701910000,
  RefundsReturnedOutside1763701920000,
  BookingsRefunded1763701930000,
  RefundRequestKeys1763701940000,
];
