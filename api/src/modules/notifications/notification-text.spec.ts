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

  it('gathers a post’s likes and comments: the latest person and how many more', () => {
    const liked = { ...base, type: 'post_liked' as const, fanName: 'Priya', link: '/post/p-1' };
    expect(notificationText({ ...liked, actorIds: ['a'] }).body).toBe('Priya liked your post.');
    expect(notificationText({ ...liked, actorIds: ['a', 'b'] }).body).toBe('Priya and 1 other liked your post.');
    expect(notificationText({ ...liked, actorIds: ['a', 'b', 'c', 'd', 'e'] }).body).toBe('Priya and 4 others liked your post.');
    expect(notificationText({ ...liked, type: 'post_commented', actorIds: ['a', 'b', 'c'] }).body).toBe(
      'Priya and 2 others commented on your post.',
    );
    expect(notificationText({ ...liked, actorIds: ['a'] }).link).toBe('/post/p-1');
  });

  it('names the follower and leads to their profile', () => {
    const followed = notificationText({ ...base, type: 'new_follower', eventId: null, eventTitle: null, fanName: 'Kabir Fan' });
    expect(followed).toEqual({ title: 'New follower', body: 'Kabir Fan started following you.', link: '/profile-preview/fan-1' });
  });

  it('tells followers of a host’s post about an event', () => {
    expect(notificationText({ ...base, type: 'new_post', fanName: 'DJ Aria', link: '/post/p-2' }).body).toBe(
      'DJ Aria posted about Salsa social.',
    );
  });

  it('tells the payer of a refund that failed in their words and where they see it, and an admin what to do and where', () => {
    const failed = { ...base, type: 'refund_failed' as const, fanName: 'Kabir Fan', amount: 500 };
    // An admin who paid is told both ways: the type says which words, not who reads them.
    expect(notificationText({ ...failed, userId: 'admin-1' })).toEqual({
      title: 'Refund not completed',
      body: 'Your refund of ₹500 for Salsa social could not be completed. Our team has been told and will return it to you.',
      link: '/transactions',
    });
    expect(notificationText({ ...failed, type: 'refund_needs_admin', userId: 'admin-1', link: '/admin/payments/t-1' })).toEqual({
      title: 'A refund failed',
      body: 'A refund of ₹500 to Kabir Fan for Salsa social could not be completed. The money is back on the payment: refund it again, or return it another way and record it there.',
      link: '/admin/payments/t-1',
    });
    // Once an admin records the money returned outside Tribe, the payer hears it.
    expect(notificationText({ ...failed, type: 'refund_returned' })).toEqual({
      title: 'Refund returned',
      body: 'Our team returned ₹500 for Salsa social to you outside Tribe. Your transactions show its reference.',
      link: '/transactions',
    });
  });
});
