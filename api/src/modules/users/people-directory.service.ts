import { Injectable } from '@nestjs/common';
import { Messages } from '../../contracts/messages.js';
import {
  type PeopleSearchQuery,
  type PeopleSearchView,
  type PersonPageView,
  type PersonProfileView,
  type PersonSummaryView,
} from '../../contracts/people.contract.js';
import { AdminAuditLog } from '../../platform/audit/admin-audit.js';
import { NotFoundError } from '../../platform/http/domain-error.js';
import { type UserRecord } from './entities/user.entity.js';
import { PersonRecordsRepository } from './person-records.repository.js';
import { UsersRepository } from './users.repository.js';

const isoOrNull = (value: Date | null) => value?.toISOString() ?? null;

function summaryOf(user: UserRecord): PersonSummaryView {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    mobile_number: user.mobileNumber,
    city: user.city,
    avatar_url: user.avatarUrl,
    role: user.role,
    is_admin: user.isAdmin,
    verified: user.verified,
    suspended_at: isoOrNull(user.suspendedAt),
    created_at: user.createdAt.toISOString(),
  };
}

function profileOf(user: UserRecord): PersonProfileView {
  return {
    ...summaryOf(user),
    location: user.location,
    bio: user.bio,
    age: user.age,
    gender: user.gender,
    instagram_handle: user.instagramHandle,
    follower_count: user.followerCount,
    rating: user.rating === null ? null : Number(user.rating),
    verified_at: isoOrNull(user.verifiedAt),
    // The id itself only through a signed link (GET /admin/users/{id}/government-id).
    has_government_id: user.governmentIdUrl !== null,
    verification_refused_at: isoOrNull(user.verificationRefusedAt),
    verification_refusal_reason: user.verificationRefusalReason,
    suspension_reason: user.suspensionReason,
  };
}

/** The admin's people pages: the search, and one person's page with their records and audit history. */
@Injectable()
export class PeopleDirectory {
  constructor(
    private readonly users: UsersRepository,
    private readonly records: PersonRecordsRepository,
    private readonly audit: AdminAuditLog,
  ) {}

  async search(query: PeopleSearchQuery): Promise<PeopleSearchView> {
    const suspended = query.status === undefined ? undefined : query.status === 'suspended';
    // One more than asked says whether a next page exists.
    const found = await this.users.search(
      { q: query.q, city: query.city, role: query.role, suspended, after: query.after },
      query.limit + 1,
    );
    const people = found.slice(0, query.limit).map(summaryOf);
    return { people, next_after: found.length > query.limit ? people.at(-1)!.id : null };
  }

  async page(userId: string): Promise<PersonPageView> {
    const user = await this.users.findActive(userId);
    if (!user) throw new NotFoundError(Messages.users.notFound);
    const [events, applications, payments, reports, history] = await Promise.all([
      this.records.hostedEvents(userId),
      this.records.applications(userId),
      this.records.payments(userId),
      this.records.reportsAbout(userId),
      this.audit.historyOf('user', userId),
    ]);
    return { person: profileOf(user), events, applications, payments, reports, history };
  }
}
