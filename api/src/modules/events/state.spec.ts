import { INDIAN_STATES, indianState, stateFromLocation, stateOfCity } from './state.js';

describe('stateFromLocation', () => {
  it.each([
    ['Indiranagar, Bangalore, Karnataka 560038', 'Karnataka', '29'],
    ['12 MG Road, Bengaluru', 'Karnataka', '29'],
    ['Bandra West, Mumbai', 'Maharashtra', '27'],
    ['Vashi, Navi Mumbai', 'Maharashtra', '27'],
    ['Connaught Place, New Delhi 110001', 'Delhi', '07'],
    ['Cyber Hub, DLF Phase 2, Gurgaon', 'Haryana', '06'],
    ['Sector 18, Noida', 'Uttar Pradesh', '09'],
    ['Hotel Goa Inn, Koregaon Park, Pune', 'Maharashtra', '27'],
    ['Anjuna Beach, North Goa', 'Goa', '30'],
    ['Park Street, Calcutta', 'West Bengal', '19'],
    ['Jubilee Hills, Hyderabad, Telangana', 'Telangana', '36'],
    ['Riverside Camp, Kasol, Himachal Pradesh, India 175105', 'Himachal Pradesh', '02'],
    ['Puri beach, ORISSA', 'Odisha', '21'],
    ['White Town, Pondicherry', 'Puducherry', '34'],
    ['Dal Lake, Srinagar, J&K', 'Jammu and Kashmir', '01'],
    ['Sector 17, Chandigarh', 'Chandigarh', '04'],
  ])('%s → %s (%s)', (location, name, code) => {
    expect(stateFromLocation(location)).toEqual({ name, code });
  });

  it('is null when nothing names a state or a city it knows', () => {
    expect(stateFromLocation(null)).toBeNull();
    expect(stateFromLocation('')).toBeNull();
    expect(stateFromLocation('Old Town, Ziro')).toBeNull();
    expect(stateFromLocation('Online')).toBeNull();
  });
});

describe('indianState', () => {
  it('reads a state in any known spelling and case', () => {
    expect(indianState('karnataka')).toEqual({ name: 'Karnataka', code: '29' });
    expect(indianState(' Tamil  Nadu ')).toEqual({ name: 'Tamil Nadu', code: '33' });
    expect(indianState('Uttaranchal')).toEqual({ name: 'Uttarakhand', code: '05' });
    expect(indianState('Bengaluru')).toBeNull();
    expect(indianState(undefined)).toBeNull();
  });
});

describe('stateOfCity', () => {
  it('knows the state of every spelling city.ts knows', () => {
    expect(stateOfCity('Bombay')).toEqual({ name: 'Maharashtra', code: '27' });
    expect(stateOfCity('Mysore')).toEqual({ name: 'Karnataka', code: '29' });
    expect(stateOfCity('Kasol')).toBeNull();
  });
});

describe('INDIAN_STATES', () => {
  it('lists 36 states and union territories with distinct two-digit codes', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(new Set(INDIAN_STATES.map((state) => state.code)).size).toBe(36);
    for (const state of INDIAN_STATES) expect(state.code).toMatch(/^\d{2}$/);
  });
});
