import { accountLabel } from './user';

describe('accountLabel', () => {
  it('names the person with their email, or with their number when they signed up by phone', () => {
    expect(accountLabel({ name: 'Meera Fan', email: 'meera@example.in', mobile_number: '+919876543210' })).toBe(
      'Meera Fan (meera@example.in)',
    );
    expect(accountLabel({ name: 'Meera Fan', email: null, mobile_number: '+919876543210' })).toBe('Meera Fan (+91 98765 43210)');
    expect(accountLabel({ name: null, email: null, mobile_number: '9876543210' })).toBe('+91 98765 43210');
    expect(accountLabel({ name: '  ', email: '', mobile_number: null })).toBe('an account with no name, email or number yet');
  });
});
