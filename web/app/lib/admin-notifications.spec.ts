import { announcementFromForm, audienceQuery, countableAudience, describeAudience, testFromForm } from './admin-notifications';

const filled = { title: ' Monsoon meetups ', body: 'Rainy-day plans near you', type: 'city_specific', image_url: '', link: '/home' };

describe('the announcement composer form', () => {
  it('reads a city announcement to send now, blank optional fields as none', () => {
    const parsed = announcementFromForm({ ...filled, audience: 'city', city: 'Bangalore', role: 'fan', when: 'now', send_at: '' });
    expect(parsed).toEqual({
      ok: true,
      data: {
        title: 'Monsoon meetups',
        body: 'Rainy-day plans near you',
        type: 'city_specific',
        image_url: null,
        link: '/home',
        audience: { kind: 'city', city: 'Bangalore' },
        send_at: null,
      },
    });
  });

  it('reads "at a time" as India time, and asks for the time when it is missing', () => {
    const tomorrow = new Date(Date.now() + 86_400_000 + 330 * 60_000).toISOString().slice(0, 10);
    const parsed = announcementFromForm({ ...filled, audience: 'role', role: 'influencer', when: 'later', send_at: `${tomorrow}T19:30` });
    expect(parsed.ok && parsed.data.send_at?.toISOString()).toBe(`${tomorrow}T14:00:00.000Z`);
    expect(announcementFromForm({ ...filled, audience: 'everyone', when: 'later', send_at: '' })).toEqual({
      ok: false,
      fieldErrors: { send_at: 'Choose the date and time to send it' },
    });
  });

  it('puts each refusal under its field, audience parts under theirs', () => {
    const parsed = announcementFromForm({
      title: '',
      body: 'x',
      type: 'admin_announcement',
      audience: 'users',
      user_ids: 'abc, def',
      when: 'now',
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors.title).toBe('is required');
    expect(parsed.fieldErrors.user_ids).toBe('must be a user id');
  });

  it('sends to everyone only once the box is ticked', () => {
    const everyone = { ...filled, audience: 'everyone', when: 'now' };
    expect(announcementFromForm(everyone)).toEqual({
      ok: false,
      fieldErrors: { confirm_everyone: 'Tick the box to confirm this goes to everyone' },
    });
    expect(announcementFromForm({ ...everyone, confirm_everyone: 'yes' }).ok).toBe(true);
  });

  it('splits pasted ids, and counts an audience only once it is complete', () => {
    const ids = ['9b2f4c1e-1d2a-4e9b-8a51-0c7d3e6f2a10', '5e0c2b7a-3f41-4d8e-9b6a-2f1c8d4e7a30'];
    expect(countableAudience({ audience: 'users', user_ids: `${ids[0]},\n ${ids[1]} ; ${ids[0]}` })).toEqual({
      kind: 'users',
      user_ids: ids,
    });
    expect(countableAudience({ audience: 'city', city: '  ' })).toBeNull();
    expect(countableAudience({ audience: 'role', role: 'admin' })).toEqual({ kind: 'role', role: 'admin' });
    const asked = Object.fromEntries(new URLSearchParams(audienceQuery({ kind: 'users', user_ids: ids })));
    expect(countableAudience(asked)).toEqual({ kind: 'users', user_ids: ids });
  });

  it('checks a test send without an audience', () => {
    expect(testFromForm({ ...filled, audience: 'planet' }).ok).toBe(true);
    expect(testFromForm({ ...filled, link: 'javascript:alert(1)' })).toEqual({
      ok: false,
      fieldErrors: { link: 'must be a path starting with / or an https URL' },
    });
  });

  it('describes an audience in the history', () => {
    expect(describeAudience({ kind: 'everyone' })).toBe('Everyone');
    expect(describeAudience({ kind: 'city', city: 'Bengaluru' })).toBe('People in Bengaluru');
    expect(describeAudience({ kind: 'role', role: 'influencer' })).toBe('Hosts (influencers)');
    expect(describeAudience({ kind: 'users', user_ids: ['a'] })).toBe('1 listed person');
  });
});
