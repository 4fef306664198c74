import { feedLinks, invitePath } from './calendar';

describe('calendar links', () => {
  it('gives a feed path on the web origin as https and webcal', () => {
    expect(feedLinks('https://tribe.example', '/calendar/abc_-1.ics')).toEqual({
      https: 'https://tribe.example/calendar/abc_-1.ics',
      webcal: 'webcal://tribe.example/calendar/abc_-1.ics',
    });
    expect(feedLinks('http://localhost:3000', '/calendar/x.ics').webcal).toBe('webcal://localhost:3000/calendar/x.ics');
  });

  it('sends the invite download back to the page it came from', () => {
    expect(invitePath('e1', '/my-bookings?tab=past')).toBe('/resources/calendar/e1?returnTo=%2Fmy-bookings%3Ftab%3Dpast');
  });
});
