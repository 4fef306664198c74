import { type Socket } from 'socket.io';
import { bearerToken } from '../../../platform/http/auth-context.js';

/** The bearer token of a socket's handshake: `auth.token`, else the Authorization header (the web server's proxy). */
export function handshakeToken(handshake: Pick<Socket['handshake'], 'auth' | 'headers'>): string | undefined {
  const given: unknown = handshake.auth?.token;
  if (typeof given === 'string' && given.trim() !== '') return given.trim();
  return bearerToken(handshake);
}
