import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Host payment profiles and payouts (issue 9). The account number, PAN and UPI id are stored sealed
 * (AES-256-GCM, `v1:` + base64 of IV, tag and ciphertext: modules/payouts/kyc-cipher.ts) beside what
 * the masked view shows of them (the last 4 characters; the UPI id's first character and app). A
 * payout is money an admin records for a host against one event: pending, then paid with the
 * transfer's reference. What is owed is computed from the payment ledger on each request, never
 * stored here.
 */
export class Payouts1763700910000 implements MigrationInterface {
  name = 'Payouts1763700910000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE host_payment_profile (
        host_id uuid PRIMARY KEY REFERENCES users(id),
        legal_name text NOT NULL,
        state text NOT NULL,
        gstin text CHECK (gstin ~ '^[0-9]{2}[A-Z0-9]{13}$'),
        pan_sealed text NOT NULL CHECK (pan_sealed LIKE 'v1:%'),
        pan_last4 text NOT NULL CHECK (length(pan_last4) = 4),
        account_number_sealed text CHECK (account_number_sealed LIKE 'v1:%'),
        account_number_last4 text CHECK (account_number_last4 ~ '^[0-9]{4}$'),
        ifsc text CHECK (ifsc ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
        upi_id_sealed text CHECK (upi_id_sealed LIKE 'v1:%'),
        upi_id_masked text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT host_payment_profile_bank_complete CHECK (
          (account_number_sealed IS NULL AND account_number_last4 IS NULL AND ifsc IS NULL)
          OR (account_number_sealed IS NOT NULL AND account_number_last4 IS NOT NULL AND ifsc IS NOT NULL)),
        CONSTRAINT host_payment_profile_upi_complete CHECK ((upi_id_sealed IS NULL) = (upi_id_masked IS NULL)),
        CONSTRAINT host_payment_profile_payable CHECK (account_number_sealed IS NOT NULL OR upi_id_sealed IS NOT NULL)
      )`);
    await queryRunner.query(`
      CREATE TABLE payout (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        host_id uuid NOT NULL REFERENCES users(id),
        event_id uuid NOT NULL REFERENCES event(id),
        amount integer NOT NULL CHECK (amount > 0),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid')),
        reference text,
        created_by uuid NOT NULL REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        paid_at timestamptz,
        paid_by uuid REFERENCES users(id),
        CONSTRAINT payout_paid_complete CHECK (
          (status = 'pending' AND reference IS NULL AND paid_at IS NULL AND paid_by IS NULL)
          OR (status = 'paid' AND reference IS NOT NULL AND paid_at IS NOT NULL AND paid_by IS NOT NULL))
      )`);
    await queryRunner.query('CREATE INDEX payout_event_idx ON payout (event_id)');
    await queryRunner.query('CREATE INDEX payout_host_idx ON payout (host_id, created_at DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE payout');
    await queryRunner.query('DROP TABLE host_payment_profile');
  }
}
