/** What a failed job's last error means, in words support staff can act on. */
const EXPLANATIONS: ReadonlyArray<{ pattern: RegExp; explanation: string }> = [
  {
    pattern: /DependencyUnavailableError|ECONNREFUSED|ECONNRESET|ETIMEDOUT|Connection terminated|timeout|did not answer|cannot reach/i,
    explanation:
      'A service the job needs (the database, Redis or the payment provider) did not answer in time. Retrying once it is back usually works.',
  },
  {
    pattern: /UnrecoverableError|does not match its schema|fails the schema|InvalidDomainEvent/,
    explanation:
      "The job's data does not fit what the job expects (it was added by hand or by an older release). Retrying fails the same way: discard it, and put the record right by hand.",
  },
  {
    pattern: /stalled more than allowable limit/,
    explanation:
      'The workers running this job stopped in the middle of it several times (crashed, killed or out of memory). Look at the workers’ logs around that time before retrying.',
  },
  {
    pattern: /PaymentProviderError|Razorpay|declined/i,
    explanation:
      'The payment provider refused the request. Check the payment below (and the provider’s dashboard) before retrying: retry only if the payment can still move.',
  },
  {
    pattern: /capture\(s\) of this event are still under way/,
    explanation:
      'It waited for payments of the same event that were still being captured and ran out of attempts. Retrying once those captures are done completes it.',
  },
  {
    pattern: /missing from storage/,
    explanation: 'A file it needs is missing from storage. Retrying does not help until the file is restored.',
  },
  {
    pattern: /does not exist|has no invoice|No handler for job/,
    explanation: 'Something it refers to does not exist (it may have been deleted). Check the record below before retrying.',
  },
];

const UNKNOWN =
  'The job failed with an error this page does not recognise. The technical message below is for the developers; retrying is safe (jobs do their work once), but may fail again.';

/** `reason`: the job's failedReason; `stack`: its last stack trace, whose first line names the error class. */
export function explainFailure(reason: string, stack?: string): string {
  const text = `${stack?.split('\n')[0] ?? ''}\n${reason}`;
  return EXPLANATIONS.find(({ pattern }) => pattern.test(text))?.explanation ?? UNKNOWN;
}
