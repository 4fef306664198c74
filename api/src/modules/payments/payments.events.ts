import { z } from 'zod';
import { defineDomainEvent } from '../../platform/outbox/domain-event.js';

const transaction = z.object({ transactionId: z.uuid() });
const refund = z.object({ refundId: z.uuid() });

/** The fan's payment is authorised (checkout verified or webhook): the applications module turns it into an application. */
export const PaymentAuthorized = defineDomainEvent('payment.authorized', transaction);

/** The host accepted: the authorised amount is to be captured (payments.capture). */
export const PaymentCaptureRequested = defineDomainEvent('payment.capture_requested', transaction);

/** The authorisation is to be given up (rejection, cancellation, expiry, a late authorisation). */
export const PaymentReleaseRequested = defineDomainEvent('payment.release_requested', transaction);

/** Money taken: the invoices issue issues the tax invoice. */
export const PaymentCaptured = defineDomainEvent('payment.captured', transaction);

/** A refund to send to the provider (payments.refund). */
export const RefundRequested = defineDomainEvent('payment.refund_requested', refund);

/**
 * A host's or an admin's refund (or money an admin returned outside Tribe) now covers everything the
 * payment captured: the booking it paid for ends (applications.end_refunded).
 */
export const PaymentReturnedInFull = defineDomainEvent('payment.returned_in_full', transaction);

/** A refund the provider processed: the invoices issue issues the credit note. */
export const PaymentRefunded = defineDomainEvent('payment.refunded', refund);
