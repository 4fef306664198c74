import { api } from './api.server';
import type {
  SupportActionInput,
  SupportJobDetailView,
  SupportJobView,
  SupportSearchView,
} from '../../../api/src/contracts/support.contract.js';
import { type PageRead, readForPage, writeForPage } from './page-reads.server';
import type { WriteResult } from './event-writes.server';

const jobPath = (queue: string, jobId: string) => `/admin/support/jobs/${encodeURIComponent(queue)}/${encodeURIComponent(jobId)}`;

/** GET /admin/support/jobs?id=: the jobs of one application, payment, event or person. */
export function searchJobs(token: string, id: string): Promise<PageRead<SupportSearchView>> {
  return readForPage(() => api<SupportSearchView>('/admin/support/jobs', { token, query: { id } }), 'Failed to search the queues');
}

/** GET /admin/support/jobs/{queue}/{jobId}: the job, its failure in plain words, its records and audit history. */
export function loadJob(token: string, queue: string, jobId: string): Promise<PageRead<SupportJobDetailView>> {
  return readForPage(() => api<SupportJobDetailView>(jobPath(queue, jobId), { token }), 'Failed to load the job');
}

export function retryJob(token: string, queue: string, jobId: string, body: SupportActionInput): Promise<WriteResult<SupportJobView>> {
  return writeForPage(() => api<SupportJobView>(`${jobPath(queue, jobId)}/retry`, { method: 'POST', token, body }));
}

export function discardJob(token: string, queue: string, jobId: string, body: SupportActionInput): Promise<WriteResult<unknown>> {
  return writeForPage(() => api<unknown>(`${jobPath(queue, jobId)}/discard`, { method: 'POST', token, body }));
}
