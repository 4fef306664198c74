import { HostPaymentProfile } from './entities/host-payment-profile.entity.js';
import { Payout } from './entities/payout.entity.js';

export const PAYOUTS_ENTITIES = [HostPaymentProfile, Payout];
