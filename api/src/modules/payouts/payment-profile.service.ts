import { Injectable } from '@nestjs/common';
import { maskAccountNumber, maskPan, maskUpiId } from '../../contracts/kyc.js';
import { type PaymentProfileInput, type PaymentProfileView } from '../../contracts/payouts.contract.js';
import { isAdmin, type AuthUser } from '../../platform/http/auth-context.js';
import { type HostPaymentProfile } from './entities/host-payment-profile.entity.js';
import { KycCipher } from './kyc-cipher.js';
import { HostsOnlyError, PaymentProfileNotFoundError } from './payouts.errors.js';
import { PayoutsRepository } from './payouts.repository.js';

/** Which field of which host a sealed value belongs to: bound into the ciphertext (kyc-cipher.ts). */
export const sealContext = (field: 'pan' | 'account_number' | 'upi_id', hostId: string) => `host_payment_profile.${field}:${hostId}`;

/**
 * A host's payment profile: saved sealed, shown masked, and only ever to its owner. Nothing here
 * opens a sealed value; paying a host (outside this issue) is what will.
 */
@Injectable()
export class PaymentProfileService {
  constructor(
    private readonly repository: PayoutsRepository,
    private readonly cipher: KycCipher,
  ) {}

  async get(viewer: AuthUser): Promise<PaymentProfileView> {
    const profile = await this.repository.findProfile(viewer.id);
    if (!profile) throw new PaymentProfileNotFoundError();
    return toProfileView(profile);
  }

  /** Hosts (the influencer role) and admins; the input is already checked field by field (the contract's schema). */
  async save(viewer: AuthUser, input: PaymentProfileInput): Promise<PaymentProfileView> {
    if (viewer.role !== 'influencer' && !isAdmin(viewer)) throw new HostsOnlyError();
    const hostId = viewer.id;
    const saved = await this.repository.saveProfile({
      hostId,
      legalName: input.legal_name,
      state: input.state,
      gstin: input.gstin,
      panSealed: this.cipher.seal(input.pan, sealContext('pan', hostId)),
      panLast4: input.pan.slice(-4),
      accountNumberSealed: input.account_number ? this.cipher.seal(input.account_number, sealContext('account_number', hostId)) : null,
      accountNumberLast4: input.account_number ? input.account_number.slice(-4) : null,
      ifsc: input.account_number ? input.ifsc : null,
      upiIdSealed: input.upi_id ? this.cipher.seal(input.upi_id, sealContext('upi_id', hostId)) : null,
      upiIdMasked: input.upi_id ? maskUpiId(input.upi_id) : null,
    });
    return toProfileView(saved);
  }

  async hostsWithProfiles(hostIds: string[]): Promise<Set<string>> {
    return this.repository.withProfiles(hostIds);
  }
}

function toProfileView(profile: HostPaymentProfile): PaymentProfileView {
  return {
    hostId: profile.hostId,
    legalName: profile.legalName,
    state: profile.state,
    gstin: profile.gstin,
    pan: maskPan(profile.panLast4),
    accountNumber: profile.accountNumberLast4 ? maskAccountNumber(profile.accountNumberLast4) : null,
    ifsc: profile.ifsc,
    upiId: profile.upiIdMasked,
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
  };
}
