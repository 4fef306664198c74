import { isIntraState, placeOfSupply } from './place-of-supply.js';

const karnataka = { name: 'Karnataka', code: '29' };

describe('placeOfSupply', () => {
  it("is the event's state, read from its location", () => {
    expect(placeOfSupply({ location: 'Bandra West, Mumbai', city: 'Mumbai' }, karnataka, 'Karnataka')).toEqual({
      name: 'Maharashtra',
      code: '27',
      basis: 'event',
    });
    expect(placeOfSupply({ location: 'Indiranagar, Bangalore', city: null }, null, 'Karnataka')).toEqual({
      name: 'Karnataka',
      code: '29',
      basis: 'event',
    });
  });

  it('reads the stored city when the location names no state or known city', () => {
    expect(placeOfSupply({ location: 'The Rooftop', city: 'Hyderabad' }, karnataka, 'Karnataka')).toMatchObject({
      name: 'Telangana',
      basis: 'event',
    });
  });

  it("falls back to the recipient's state, then the supplier's", () => {
    expect(placeOfSupply({ location: 'Online', city: null }, { name: 'Kerala', code: '32' }, 'Karnataka')).toEqual({
      name: 'Kerala',
      code: '32',
      basis: 'recipient',
    });
    expect(placeOfSupply({ location: null, city: null }, null, 'karnataka')).toEqual({ name: 'Karnataka', code: '29', basis: 'supplier' });
    expect(placeOfSupply({ location: null, city: null }, null, 'Atlantis')).toEqual({ name: 'Atlantis', code: null, basis: 'supplier' });
  });
});

describe('isIntraState', () => {
  it('compares states by their canonical names', () => {
    expect(isIntraState('Karnataka', 'karnataka')).toBe(true);
    expect(isIntraState('Odisha', 'Orissa')).toBe(true);
    expect(isIntraState('Maharashtra', 'Karnataka')).toBe(false);
  });
});
