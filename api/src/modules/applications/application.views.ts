import { type ApplicationView, type AttendeeView, type HostApplicationView } from '../../contracts/applications.contract.js';
import { type ApplicationRow } from './applications.repository.js';

export function toApplicationView(row: ApplicationRow): ApplicationView {
  return {
    id: row.id,
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    eventDate: row.eventDate.toISOString(),
    fanId: row.fanId,
    bidAmount: row.bidAmount,
    message: row.message,
    status: row.status,
    transactionId: row.transactionId,
    cancellationPolicy: row.cancellationPolicy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The host's view. The fan's email only for admins (docs/decisions.md): hosts reach fans in the event's chat. */
export function toHostApplicationView(row: ApplicationRow, withEmail: boolean): HostApplicationView {
  return {
    id: row.id,
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    bidAmount: row.bidAmount,
    message: row.message,
    status: row.status,
    fan: { id: row.fanId, name: row.fanName, photoUrl: row.fanPhotoUrl, ...(withEmail ? { email: row.fanEmail } : {}) },
  };
}

export const toAttendeeView = (row: ApplicationRow): AttendeeView => ({ id: row.fanId, name: row.fanName, photoUrl: row.fanPhotoUrl });
