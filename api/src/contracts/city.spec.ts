import { canonicalCity, cityFromLocation } from './city.js';

describe('cityFromLocation', () => {
  it.each([
    ['Indiranagar, Bangalore, Karnataka 560038', 'Bengaluru'],
    ['12 MG Road, Bengaluru, Karnataka, India', 'Bengaluru'],
    ['Bandra West, Mumbai', 'Mumbai'],
    ['Vashi, Navi Mumbai, Maharashtra', 'Navi Mumbai'],
    ['Connaught Place, New Delhi 110001', 'Delhi'],
    ['Cyber Hub, DLF Phase 2, Gurgaon', 'Gurugram'],
    ['Hotel Goa Inn, Koregaon Park, Pune', 'Pune'],
    ['Anjuna Beach, North Goa', 'Goa'],
    ['mumbai', 'Mumbai'],
    ['Bandra West Mumbai 400050', 'Mumbai'],
  ])('%s → %s', (location, city) => {
    expect(cityFromLocation(location)).toBe(city);
  });

  it('falls back to the last part that is not a state, the country or a PIN code', () => {
    expect(cityFromLocation('Riverside Camp, Kasol, Himachal Pradesh, India 175105')).toBe('Kasol');
    expect(cityFromLocation('Old Town, Ziro')).toBe('Ziro');
  });

  it('is null when there is nothing to read', () => {
    expect(cityFromLocation(null)).toBeNull();
    expect(cityFromLocation('   ')).toBeNull();
    expect(cityFromLocation('Karnataka, India, 560038')).toBeNull();
  });
});

describe('canonicalCity', () => {
  it('maps other spellings to the stored name', () => {
    expect(canonicalCity('bangalore')).toBe('Bengaluru');
    expect(canonicalCity(' BOMBAY ')).toBe('Mumbai');
    expect(canonicalCity('Navi Mumbai')).toBe('Navi Mumbai');
  });

  it('keeps unknown cities as typed, tidied', () => {
    expect(canonicalCity('  Kasol  ')).toBe('Kasol');
  });
});
