import { type RefundView, type TransactionView } from '../../contracts/payments.contract.js';
import { type PaymentRefund } from './entities/payment-refund.entity.js';
import { type PaymentTransaction } from './entities/payment-transaction.entity.js';
import { transactionStatus } from './transaction-state.js';

export interface TransactionContext {
  eventTitle: string | null;
  applicationId: string | null;
  refunds: PaymentRefund[];
}

/** A refund the provider is still processing is, to its payer, pending like one not yet sent. */
const refundView = (refund: PaymentRefund): RefundView => ({
  id: refund.id,
  amount: refund.amount,
  status: refund.status === 'sent' ? 'pending' : refund.status,
  outsideReference: refund.outsideReference,
  createdAt: refund.createdAt.toISOString(),
});

/** What the provider has returned: refunds it processed (a sent one is still money reserved, not returned). */
const returnedAmount = (refunds: PaymentRefund[]) =>
  refunds.filter((refund) => refund.status === 'processed').reduce((sum, refund) => sum + refund.amount, 0);

export function toTransactionView(transaction: PaymentTransaction, context: TransactionContext): TransactionView {
  return {
    id: transaction.id,
    orderId: transaction.orderId,
    paymentId: transaction.paymentId,
    signature: transaction.signature,
    amount: transaction.amount,
    capturedAmount: transaction.capturedAmount,
    refundedAmount: transaction.refundedAmount,
    eventId: transaction.eventId,
    eventTitle: context.eventTitle,
    applicationId: context.applicationId,
    status: transactionStatus(transaction.state, returnedAmount(context.refunds)),
    state: transaction.state,
    failureReason: transaction.failureReason,
    refunds: context.refunds.map(refundView),
    createdAt: transaction.createdAt.toISOString(),
    updatedAt: transaction.updatedAt.toISOString(),
  };
}
