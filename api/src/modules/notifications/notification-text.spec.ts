import { notificationText } from './notification-text.js';

const base = {
  userId: 'host-1',
  eventId: 'event-1',
  eventTitle: 'Salsa social',
  fanId: 'fan-1',
  amount: 1000,
  title: null,
  body: null,
  link: null,
};

describe('notificationText', () => {
  it('names the fan in a new application, as the application sheet does; "Someone" when the row has no name', () => {
    expect(notificationText({ ...base, type: 'new_application', fanName: 'Kabir Fan' }).body).toBe(
      'Kabir Fan applied to Salsa social with ₹1,000.',
    );
    expect(notificationText({ ...base, type: 'new_application', fanName: null }).body).toBe('Someone applied to Salsa social with ₹1,000.');
  });

  it('keeps an admin type’s own words: a bid notice names no fan', () => {
    expect(notificationText({ ...base, type: 'bid_placed', fanId: null, fanName: null }).body).toBe(
      'A new bid was placed on Salsa social: ₹1,000.',
    );
  });
});
