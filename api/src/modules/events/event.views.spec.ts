import { eventRowFromJson, type EventRowJson } from './event.views.js';

describe('eventRowFromJson', () => {
  const json = {
    date: '2031-06-01T13:30:07.123456+00:00',
    end_date: null,
    created_at: '2026-06-19T15:52:23.982704+05:30',
    updated_at: '2026-09-05T16:14:29+00:00',
    host_rating: 3.76,
  } as unknown as EventRowJson;

  it('turns the ISO timestamps of a JSON row into dates, to the millisecond as node-postgres parses columns', () => {
    const row = eventRowFromJson(json);
    expect(row.date.toISOString()).toBe('2031-06-01T13:30:07.123Z');
    expect(row.end_date).toBeNull();
    expect(row.created_at.toISOString()).toBe('2026-06-19T10:22:23.982Z');
    expect(row.updated_at.toISOString()).toBe('2026-09-05T16:14:29.000Z');
    expect(eventRowFromJson({ ...json, end_date: '2031-06-01T16:00:00+00:00' }).end_date?.toISOString()).toBe('2031-06-01T16:00:00.000Z');
  });

  it('keeps every other field as it came', () => {
    expect(eventRowFromJson(json).host_rating).toBe(3.76);
  });
});
