import { z } from 'zod';
import { stripBidiControls } from './bidi.js';
import { createEventSchema, updateEventSchema } from './event.contract.js';
import { profileFieldsSchema, registerSchema } from './user.contract.js';

const RLO = '\u202E';
const PDF = '\u202C';
const FUTURE = '2031-06-01T19:00:00+05:30';

describe('bidi control characters', () => {
  it('are removed, every one of them, and nothing else', () => {
    expect(stripBidiControls(`${RLO}RTL`)).toBe('RTL');
    expect(stripBidiControls('a\u202Ab\u202Bc\u202Cd\u202De\u202Ef\u2066g\u2067h\u2068i\u2069j')).toBe('abcdefghij');
    // Letters of right-to-left scripts and the implicit marks are text, not controls.
    expect(stripBidiControls('שלום \u200Fعالم\u200E 😀')).toBe('שלום \u200Fعالم\u200E 😀');
  });

  it('never reach a name, a title or a description through the contracts', () => {
    const registered = registerSchema.parse({ email: 'a@example.in', password: 'long-enough-1', name: `${RLO}Ananya${PDF}` });
    expect(registered.name).toBe('Ananya');
    expect(profileFieldsSchema.parse({ name: `Zoya ${RLO}Khan`, bio: `Hi ${RLO}there` })).toMatchObject({
      name: 'Zoya Khan',
      bio: 'Hi there',
    });

    const created = createEventSchema.parse({ title: `Party ${RLO}RTL`, description: `${RLO}Dance`, location: `Goa${RLO}`, date: FUTURE });
    expect(created).toMatchObject({ title: 'Party RTL', description: 'Dance', location: 'Goa' });
    expect(updateEventSchema.parse({ title: `${RLO}Renamed` }).title).toBe('Renamed');
  });

  it('do not count towards a required field: a title of controls alone is empty', () => {
    const result = createEventSchema.safeParse({ title: ` ${RLO}${PDF} `, date: FUTURE });
    expect(result.success).toBe(false);
    expect(z.flattenError(result.error!).fieldErrors.title).toEqual(['is required']);
  });
});
