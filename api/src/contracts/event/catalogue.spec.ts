import { EVENT_CATEGORIES } from './catalogue.js';

describe('catalogue', () => {
  it('has the 13 categories of SPEC §3', () => {
    expect(Object.keys(EVENT_CATEGORIES)).toHaveLength(13);
    expect(EVENT_CATEGORIES.tech).toBe('Tech MeetUps');
  });
});
