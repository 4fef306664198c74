/**
 * What the payments module needs to know about applications: which application each payment made.
 * The applications module answers it (bound in api/src/ports.module.ts), since it depends on payments.
 */
export abstract class TransactionApplications {
  abstract applicationIdsFor(transactionIds: string[]): Promise<Map<string, string>>;
}
