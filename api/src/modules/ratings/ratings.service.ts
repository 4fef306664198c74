import { Injectable } from '@nestjs/common';
import { RatingMessages, type RatingEditInput, type RatingInput, type RatingView } from '../../contracts/ratings.contract.js';
import { isAdmin, type AuthUser } from '../../platform/http/auth-context.js';
import { ReportsService } from '../admin/reports/reports.service.js';
import { HostRating } from './host-rating.js';
import { RatableAttendances } from './ratable-attendances.port.js';
import {
  AlreadyRatedError,
  BookingRefundedError,
  EditWindowOverError,
  EventNotEndedError,
  NotAttendeeError,
  NotYourRatingError,
  RatedEventNotFoundError,
  RatingLoginRequiredError,
  RatingNotFoundError,
  RatingUnderReviewError,
} from './ratings.errors.js';
import { RatingsRepository, type LiveRating } from './ratings.repository.js';
import { ratingView, withinEditWindow } from './ratings.views.js';

/** Giving, changing and taking back ratings; each moves the host's rating in its own transaction. */
@Injectable()
export class RatingsService {
  constructor(
    private readonly ratings: RatingsRepository,
    private readonly attendances: RatableAttendances,
    private readonly hostRating: HostRating,
    private readonly reports: ReportsService,
  ) {}

  /**
   * SPEC §5: an accepted attendee, not refunded, of an event that has ended, once. Checked in the
   * order a person can act on (the event, their place at it, its end); the unique index decides
   * between two ratings sent at once.
   */
  async give(user: AuthUser | null, input: RatingInput): Promise<RatingView> {
    if (!user) throw new RatingLoginRequiredError();
    const event = await this.ratings.eventToRate(input.eventId);
    if (!event) throw new RatedEventNotFoundError();
    if (event.cancelled || event.hostId === user.id) throw new NotAttendeeError();
    const attendance = await this.attendances.acceptedAttendance(event.id, user.id);
    if (!attendance) throw new NotAttendeeError();
    if (attendance.refunded) throw new BookingRefundedError();
    if (!event.ended) throw new EventNotEndedError();
    const id = await this.hostRating.change(event.hostId, async (tx) => {
      const inserted = await this.ratings.insert(tx, {
        raterId: user.id,
        hostId: event.hostId,
        eventId: event.id,
        applicationId: attendance.applicationId,
        hostRating: input.hostRating,
        eventRating: input.eventRating,
        hostReview: input.hostReview,
        eventReview: input.eventReview,
      });
      if (!inserted) throw new AlreadyRatedError();
      return inserted;
    });
    return this.viewOf(id, user, RatingMessages.submitted);
  }

  async edit(user: AuthUser, id: string, input: RatingEditInput): Promise<RatingView> {
    const rating = await this.ownLive(user, id);
    if (!withinEditWindow(rating.createdAt, new Date())) throw new EditWindowOverError();
    const edit = await this.hostRating.change(rating.ratedInfluencerId, (tx) => this.ratings.update(tx, id, input));
    if (edit === 'gone') throw new RatingNotFoundError();
    if (edit === 'reported') throw new RatingUnderReviewError();
    return this.viewOf(id, user, RatingMessages.updated);
  }

  /**
   * The rater deletes theirs at any time. An admin removing someone else's makes the report queue's
   * decision to act on it, reported or not: it stays for the queue's history, its open reports close,
   * the removal is audited and its reporters are told (ReviewReportSource acts).
   */
  async remove(user: AuthUser, id: string): Promise<void> {
    const rating = await this.ratings.findLive(id);
    if (!rating) throw new RatingNotFoundError();
    if (rating.raterId !== user.id) {
      if (!isAdmin(user)) throw new NotYourRatingError();
      return this.reports.removeFromItsPage(user, { kind: 'review', targetId: id });
    }
    const removed = await this.hostRating.change(rating.ratedInfluencerId, (tx) => this.ratings.delete(tx, id));
    if (!removed) throw new RatingNotFoundError();
  }

  private async ownLive(user: AuthUser, id: string): Promise<LiveRating> {
    const rating = await this.ratings.findLive(id);
    if (!rating) throw new RatingNotFoundError();
    if (rating.raterId !== user.id) throw new NotYourRatingError();
    return rating;
  }

  /** A rating as `user` reads it (with the sentence a write answers, if any). */
  async viewOf(id: string, user: AuthUser, message?: string): Promise<RatingView> {
    const row = await this.ratings.view(id);
    if (!row) throw new RatingNotFoundError();
    const view = ratingView(row, user.id);
    return message ? { ...view, message } : view;
  }
}
