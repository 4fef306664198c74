import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { EventApplicants } from '../events/event-applicants.port.js';
import { PaymentsService } from '../payments/payments.service.js';
import { TransactionApplications } from '../payments/transaction-applications.port.js';
import { RatableAttendances, type AcceptedAttendance } from '../ratings/ratable-attendances.port.js';
import { CheckInRecords } from '../tickets/check-in-records.service.js';
import { GenderPricedBookings } from '../users/gender-priced-bookings.port.js';
import { ApplicationsRepository } from './applications.repository.js';

/** Answers the events module's EventApplicants port. */
@Injectable()
export class EventApplicantsAdapter extends EventApplicants {
  constructor(private readonly applications: ApplicationsRepository) {
    super();
  }

  acceptedApplicantCount(eventId: string, tx: EntityManager): Promise<number> {
    return this.applications.acceptedCount(tx, eventId);
  }

  isAcceptedAttendee(eventId: string, userId: string): Promise<boolean> {
    return this.applications.isAccepted(eventId, userId);
  }

  attendedEventIds(userId: string): Promise<string[]> {
    return this.applications.attendedEventIds(userId);
  }
}

/** Answers the users module's GenderPricedBookings port. */
@Injectable()
export class GenderPricedBookingsAdapter extends GenderPricedBookings {
  constructor(private readonly applications: ApplicationsRepository) {
    super();
  }

  hasOpen(userId: string, tx: EntityManager): Promise<boolean> {
    return this.applications.hasOpenGenderPricedBooking(tx, userId);
  }
}

/** Answers the payments module's TransactionApplications port. */
@Injectable()
export class TransactionApplicationsAdapter extends TransactionApplications {
  constructor(private readonly applications: ApplicationsRepository) {
    super();
  }

  applicationIdsFor(transactionIds: string[]): Promise<Map<string, string>> {
    return this.applications.applicationIdsFor(transactionIds);
  }
}

/**
 * Answers the ratings module's RatableAttendances port. Once the event used check-in at the door,
 * an accepted fan who was not checked in did not attend (the SQL rule ratableAttendance says the same).
 */
@Injectable()
export class RatableAttendancesAdapter extends RatableAttendances {
  constructor(
    private readonly applications: ApplicationsRepository,
    private readonly payments: PaymentsService,
    private readonly checkIns: CheckInRecords,
  ) {
    super();
  }

  async acceptedAttendance(eventId: string, fanId: string): Promise<AcceptedAttendance | null> {
    const accepted = await this.applications.acceptedOf(eventId, fanId);
    if (!accepted || !(await this.checkIns.cameTo(eventId, accepted.id))) return null;
    const refunded = accepted.transactionId !== null && (await this.payments.hasRefund(accepted.transactionId));
    return { applicationId: accepted.id, refunded };
  }
}
