import type { FastifyRequest } from 'fastify';
import { bearerToken, isAdmin, type AuthUser } from './auth-context.js';

const withHeader = (authorization: string | undefined) => ({ headers: { authorization } }) as unknown as FastifyRequest;

describe('bearerToken', () => {
  it('reads the token after "Bearer", in any case', () => {
    expect(bearerToken(withHeader('Bearer abc.DEF_123-x'))).toBe('abc.DEF_123-x');
    expect(bearerToken(withHeader('bearer abc'))).toBe('abc');
    expect(bearerToken(withHeader('BEARER   abc  '))).toBe('abc');
  });

  it.each([[undefined], [''], ['Bearer'], ['Bearer '], ['Basic dXNlcjpwYXNz'], ['Token abc'], ['abc'], ['Bearer abc def']])(
    'finds no token in %j',
    (header) => {
      expect(bearerToken(withHeader(header))).toBeUndefined();
    },
  );
});

describe('isAdmin', () => {
  const person = (role: AuthUser['role'], flag: boolean): AuthUser => ({ id: 'someone', role, isAdmin: flag });

  it('recognises the admin role or the admin flag (SPEC §6)', () => {
    expect(isAdmin(person('admin', false))).toBe(true);
    expect(isAdmin(person('fan', true))).toBe(true);
    expect(isAdmin(person('fan', false))).toBe(false);
    expect(isAdmin(person('influencer', false))).toBe(false);
  });
});
