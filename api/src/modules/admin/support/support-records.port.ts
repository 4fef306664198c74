/**
 * How the support view finds the record a job is about: each module that owns a kind of record
 * answers for the job data field holding its id (bound in api/src/ports.module.ts), so the admin
 * module reads no other module's tables.
 */
export interface SupportRecordSource {
  /** The job data field holding the id ("transactionId"). */
  readonly field: string;
  /** What the record is, for people ("payment"). */
  readonly kind: string;
  /** A few fields that tell support staff where the record stands; undefined when it does not exist. */
  describe(id: string): Promise<Record<string, string | number | boolean | null> | undefined>;
}

export const SUPPORT_RECORD_SOURCES = Symbol('SUPPORT_RECORD_SOURCES');
