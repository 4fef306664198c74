import { PaymentRefund } from './entities/payment-refund.entity.js';
import { PaymentTransaction } from './entities/payment-transaction.entity.js';
import { ProviderEvent } from './entities/provider-event.entity.js';

export const PAYMENTS_ENTITIES = [PaymentTransaction, PaymentRefund, ProviderEvent];
