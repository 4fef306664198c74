import { DEFAULT_SCRYPT_COST, hashPassword, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored.startsWith('scrypt$')).toBe(true);
    expect(stored).not.toContain('correct horse');
    await expect(verifyPassword('correct horse battery', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct horse batterY', stored)).resolves.toBe(false);
  });

  it('salts every hash, so equal passwords hash differently', async () => {
    const [first, second] = await Promise.all([hashPassword('same-password'), hashPassword('same-password')]);
    expect(first).not.toEqual(second);
  });

  it('hashes at the production cost unless told otherwise, and verifies a hash of any cost by what it records', async () => {
    const production = await hashPassword('correct horse battery');
    expect(production.split('$').slice(1, 4)).toEqual([String(DEFAULT_SCRYPT_COST), '8', '1']);
    const cheaper = await hashPassword('correct horse battery', 1_024);
    expect(cheaper.split('$')[1]).toBe('1024');
    await expect(verifyPassword('correct horse battery', cheaper)).resolves.toBe(true);
    await expect(verifyPassword('correct horse battery', production, 1_024)).resolves.toBe(true);
  });

  it('refuses when the account has no password (phone or Google sign-in)', async () => {
    await expect(verifyPassword('anything', null)).resolves.toBe(false);
    await expect(verifyPassword('anything', null, 1_024)).resolves.toBe(false);
  });
});
