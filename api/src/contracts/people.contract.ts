import { z } from 'zod';
import { type AdminAuditView } from './admin-audit.contract.js';
import { emptyToUndefined, intText } from './event/coercions.js';
import { optionalText, text, wholeNumber } from './event/fields.js';
import { Messages } from './messages.js';

/** Admin people pages (issue 24): search, a person's page, suspension and influencer verification. */

export const PEOPLE_PAGE_SIZE = 20;
export const MODERATION_REASON_MAX = 1000;

const searchText = (max: number) => z.preprocess(emptyToUndefined, text(max).optional());

/**
 * GET /admin/users?q=&city=&role=&status=&after=&limit=. `q` matches name, username, email or phone
 * number; `city` the city or location. Newest accounts first; `after` is the last id of the previous
 * page (keyset paging).
 */
export const peopleSearchQuerySchema = z.object({
  q: searchText(100),
  city: searchText(80),
  role: z.preprocess(emptyToUndefined, z.enum(['fan', 'influencer', 'admin']).optional()),
  status: z.preprocess(emptyToUndefined, z.enum(['active', 'suspended']).optional()),
  after: z.preprocess(emptyToUndefined, z.uuid({ message: 'must be a valid id' }).optional()),
  limit: z.preprocess((value) => intText(emptyToUndefined(value)), wholeNumber(1, 100).default(PEOPLE_PAGE_SIZE)),
});
export type PeopleSearchQuery = z.infer<typeof peopleSearchQuerySchema>;

/** A reason an admin must give (suspending, restoring, refusing a verification). */
const reason = z.preprocess((value) => value ?? '', text(MODERATION_REASON_MAX).min(1, { message: Messages.people.reasonRequired }));

/** POST /admin/users/{id}/suspend, /restore and /verification/refuse. */
export const moderationReasonSchema = z.object({ reason });
export type ModerationReasonInput = z.infer<typeof moderationReasonSchema>;

/** POST /admin/users/{id}/verify: the approval, with an optional note for the audit log. */
export const verificationApprovalSchema = z.object({ note: optionalText(MODERATION_REASON_MAX) }).default({});
export type VerificationApprovalInput = z.infer<typeof verificationApprovalSchema>;

/** GET /admin/users/{id}/government-id/file: the signed link's query. */
export const governmentIdLinkQuerySchema = z.object({
  expires: z.string().optional(),
  signature: z.string().optional(),
});
export type GovernmentIdLinkQuery = z.infer<typeof governmentIdLinkQuerySchema>;

export type PersonRole = 'fan' | 'influencer' | 'admin';

/** One row of the search. */
export interface PersonSummaryView {
  id: string;
  name: string | null;
  username: string | null;
  email: string | null;
  mobile_number: string | null;
  city: string | null;
  avatar_url: string | null;
  role: PersonRole;
  is_admin: boolean;
  verified: boolean;
  suspended_at: string | null;
  created_at: string;
}

export interface PeopleSearchView {
  people: PersonSummaryView[];
  /** Pass as `after` for the next page; null on the last one. */
  next_after: string | null;
}

export interface PersonProfileView extends PersonSummaryView {
  location: string | null;
  bio: string | null;
  age: number | null;
  gender: string | null;
  instagram_handle: string | null;
  follower_count: number;
  rating: number | null;
  verified_at: string | null;
  has_government_id: boolean;
  verification_refused_at: string | null;
  verification_refusal_reason: string | null;
  suspension_reason: string | null;
}

export interface PersonEventView {
  id: string;
  title: string;
  date: string;
  status: string;
  moderation_status: string;
  attendees_count: number;
}

export interface PersonApplicationView {
  id: string;
  event_id: string;
  event_title: string;
  status: string;
  bid_amount: number;
  created_at: string;
}

export interface PersonPaymentView {
  id: string;
  event_id: string;
  event_title: string;
  amount: number;
  state: string;
  refunded_amount: number;
  created_at: string;
}

export interface PersonReportView {
  id: string;
  reporter: { id: string; name: string | null };
  reason: string;
  details: string | null;
  status: string;
  created_at: string;
}

/** GET /admin/users/{id}: the person's page, each list newest first and capped. */
export interface PersonPageView {
  person: PersonProfileView;
  events: PersonEventView[];
  applications: PersonApplicationView[];
  payments: PersonPaymentView[];
  reports: PersonReportView[];
  history: AdminAuditView[];
}

/** GET /admin/users/{id}/government-id: a link that opens the id until `expires_at`. */
export interface GovernmentIdLinkView {
  url: string;
  expires_at: string;
}
