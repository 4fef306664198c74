import { Injectable } from '@nestjs/common';

/**
 * The time an invoice is issued at: its date and its financial year. A provider of its own so tests
 * can stand at the turn of a financial year.
 */
@Injectable()
export class InvoiceClock {
  now(): Date {
    return new Date();
  }
}
