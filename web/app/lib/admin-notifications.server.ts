import { api } from './api.server';
import { readForPage, writeForPage, type PageRead } from './page-reads.server';
import type { WriteResult } from './event-writes.server';
import type {
  AdminNotificationContent,
  AdminNotificationInput,
  AdminNotificationListView,
  AdminNotificationView,
  Audience,
  AudienceSizeView,
  CityAudienceView,
  RetryView,
  TestNotificationView,
} from '../../../api/src/contracts/admin-notifications.contract.js';

/** GET /admin/notifications: the history, newest first. */
export function loadAnnouncements(token: string, page: number): Promise<PageRead<AdminNotificationListView>> {
  return readForPage(
    () => api<AdminNotificationListView>('/admin/notifications', { token, query: { page } }),
    'Failed to load the announcements',
  );
}

/** GET /admin/notifications/cities: where people live, most first. */
export function loadCities(token: string): Promise<PageRead<CityAudienceView[]>> {
  return readForPage(() => api<CityAudienceView[]>('/admin/notifications/cities', { token }), 'Failed to load the cities');
}

/** POST /admin/notifications/audience: how many people an audience is. */
export function countAudience(token: string, audience: Audience): Promise<WriteResult<AudienceSizeView>> {
  return writeForPage(() => api<AudienceSizeView>('/admin/notifications/audience', { method: 'POST', token, body: { audience } }));
}

export function sendAnnouncement(token: string, body: AdminNotificationInput): Promise<WriteResult<AdminNotificationView>> {
  return writeForPage(() => api<AdminNotificationView>('/admin/notifications', { method: 'POST', token, body }));
}

export function sendTest(token: string, body: AdminNotificationContent): Promise<WriteResult<TestNotificationView>> {
  return writeForPage(() => api<TestNotificationView>('/admin/notifications/test', { method: 'POST', token, body }));
}

export function retryFailed(token: string, id: string): Promise<WriteResult<RetryView>> {
  return writeForPage(() => api<RetryView>(`/admin/notifications/${encodeURIComponent(id)}/retry`, { method: 'POST', token }));
}
