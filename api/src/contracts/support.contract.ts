import { z } from 'zod';

/** The support view of the job queues (GET/POST /admin/support/...): shared by the API and the web. */

/** Where the queue dashboard (Bull Board) is served, by the API and through the web. */
export const QUEUE_DASHBOARD_PATH = '/api/v1/admin/queues';

/** A job's page in the dashboard. */
export const dashboardPathOf = (queue: string, jobId: string) =>
  `${QUEUE_DASHBOARD_PATH}/queue/${encodeURIComponent(queue)}/${encodeURIComponent(jobId)}`;

export const JOB_STATES = ['failed', 'waiting', 'delayed', 'active', 'completed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const supportSearchSchema = z.object({ id: z.uuid({ message: 'must be a valid id' }) });
export type SupportSearchInput = z.infer<typeof supportSearchSchema>;

export const supportJobParamsSchema = z.object({
  queue: z.string().regex(/^[a-z][a-z-]{0,63}$/, { message: 'must be a queue name' }),
  jobId: z.string().min(1).max(200),
});
export type SupportJobParams = z.infer<typeof supportJobParamsSchema>;

export const SUPPORT_CONFIRM_MESSAGE = 'Confirm the action: it changes what the workers do';
export const SUPPORT_REASON_MESSAGE = 'Say in a few words why (it goes in the audit record)';

/** Retrying or discarding a failed job: only with an explicit confirmation and a reason for the audit. */
export const supportActionSchema = z.object({
  confirm: z.literal(true, { message: SUPPORT_CONFIRM_MESSAGE }),
  reason: z.string({ message: SUPPORT_REASON_MESSAGE }).trim().min(3, { message: SUPPORT_REASON_MESSAGE }).max(500),
});
export type SupportActionInput = z.infer<typeof supportActionSchema>;

export interface SupportJobView {
  queue: string;
  id: string;
  name: string;
  state: JobState | 'unknown';
  attemptsMade: number;
  attempts: number;
  createdAt: string;
  finishedAt: string | null;
  /** The last error as the job recorded it (technical). */
  failedReason: string | null;
  /** The same in plain words, for support staff. */
  explanation: string | null;
  /** The job's data: ids only (jobs never carry whole records or secrets). */
  data: Record<string, unknown>;
  /** The job's page in the queue dashboard (Bull Board), from the site's root. */
  dashboardPath: string;
}

export interface SupportRecordView {
  kind: string;
  id: string;
  /** A few fields of the record, or null when it no longer exists. */
  summary: Record<string, string | number | boolean | null> | null;
}

export interface SupportAuditView {
  action: 'retry' | 'discard';
  adminId: string;
  reason: string;
  createdAt: string;
}

export interface SupportJobDetailView extends SupportJobView {
  related: SupportRecordView[];
  history: SupportAuditView[];
}

export interface SupportSearchView {
  id: string;
  jobs: SupportJobView[];
  /** How far the search looked: the newest `perState` jobs of each state in each queue. */
  scanned: { queues: string[]; states: readonly JobState[]; perState: number };
  /** False when some list was longer than the scan (older jobs were not looked at) or results were cut. */
  complete: boolean;
}
