import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Tax invoices and credit notes (issue 9). `invoice` holds one row per issued document, a snapshot of
 * everything it prints (names, states, amounts, rates), so it reads the same whatever later happens to
 * the account, the event or the config; the PDF is in storage under `storage_key`. `invoice_sequence`
 * holds the last number of each series (financial year, kind): the invoice job increments it in the
 * transaction that inserts the invoice, so the row lock serialises issuing and a rollback gives the
 * number back (no gaps). The two partial indexes on payments' tables serve the payments module's
 * queries behind the invoice jobs' due work (captured transactions, processed refunds).
 */
export class Invoices1763700900000 implements MigrationInterface {
  name = 'Invoices1763700900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE invoice_sequence (
        financial_year integer NOT NULL,
        kind text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
        last_value integer NOT NULL CHECK (last_value > 0),
        PRIMARY KEY (financial_year, kind)
      )`);
    await queryRunner.query(`
      CREATE TABLE invoice (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
        invoice_no text NOT NULL UNIQUE CHECK (invoice_no ~ '^[A-Za-z0-9/-]{1,16}$'),
        financial_year integer NOT NULL,
        sequence integer NOT NULL CHECK (sequence > 0),
        transaction_id uuid NOT NULL REFERENCES payment_transaction(id),
        refund_id uuid UNIQUE REFERENCES payment_refund(id),
        corrects_invoice_id uuid REFERENCES invoice(id),
        application_id uuid REFERENCES application(id),
        payer_id uuid NOT NULL REFERENCES users(id),
        host_id uuid NOT NULL REFERENCES users(id),
        event_id uuid NOT NULL REFERENCES event(id),
        event_title text NOT NULL,
        event_date timestamptz,
        event_location text,
        recipient_name text NOT NULL,
        recipient_state text,
        place_of_supply text NOT NULL,
        place_of_supply_code text,
        supplier_name text NOT NULL,
        supplier_gstin text NOT NULL,
        supplier_state text NOT NULL,
        gst_rate numeric(5, 2) NOT NULL CHECK (gst_rate >= 0),
        platform_fee_rate numeric(5, 2) NOT NULL CHECK (platform_fee_rate >= 0),
        taxable_value integer NOT NULL CHECK (taxable_value >= 0),
        cgst integer NOT NULL CHECK (cgst >= 0),
        sgst integer NOT NULL CHECK (sgst >= 0),
        igst integer NOT NULL CHECK (igst >= 0),
        platform_fee integer NOT NULL CHECK (platform_fee >= 0 AND platform_fee <= total),
        total integer NOT NULL CHECK (total > 0),
        storage_key text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (financial_year, kind, sequence),
        CHECK (taxable_value + cgst + sgst + igst = total),
        CHECK (igst = 0 OR cgst + sgst = 0),
        CHECK ((kind = 'invoice') = (refund_id IS NULL)),
        CHECK ((kind = 'credit_note') = (corrects_invoice_id IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX invoice_one_per_transaction ON invoice (transaction_id) WHERE kind = 'invoice'`);
    await queryRunner.query('CREATE INDEX invoice_payer_idx ON invoice (payer_id, created_at DESC)');
    await queryRunner.query('CREATE INDEX invoice_application_idx ON invoice (application_id) WHERE application_id IS NOT NULL');
    await queryRunner.query('CREATE INDEX invoice_corrects_idx ON invoice (corrects_invoice_id) WHERE corrects_invoice_id IS NOT NULL');
    await queryRunner.query(
      `CREATE INDEX payment_transaction_settled_idx ON payment_transaction (state_changed_at) WHERE state IN ('captured', 'refunded')`,
    );
    await queryRunner.query(`CREATE INDEX payment_refund_processed_idx ON payment_refund (processed_at) WHERE status = 'processed'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX payment_refund_processed_idx');
    await queryRunner.query('DROP INDEX payment_transaction_settled_idx');
    await queryRunner.query('DROP TABLE invoice');
    await queryRunner.query('DROP TABLE invoice_sequence');
  }
}
