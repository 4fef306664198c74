import { Injectable } from '@nestjs/common';
import { type SupportRecordSource } from '../admin/support/support-records.port.js';
import { TransactionsRepository } from './transactions.repository.js';

/** For the support view: where a payment a job is about stands. */
@Injectable()
export class TransactionSupportRecords implements SupportRecordSource {
  readonly field = 'transactionId';
  readonly kind = 'payment';

  constructor(private readonly transactions: TransactionsRepository) {}

  async describe(id: string) {
    const transaction = await this.transactions.find(id);
    return (
      transaction && {
        state: transaction.state,
        amount: transaction.amount,
        capturedAmount: transaction.capturedAmount,
        refundedAmount: transaction.refundedAmount,
        failureReason: transaction.failureReason,
        eventId: transaction.eventId,
        payerId: transaction.payerId,
        updatedAt: transaction.updatedAt.toISOString(),
      }
    );
  }
}
