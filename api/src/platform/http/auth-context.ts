import { applyDecorators, createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Messages } from '../../contracts/messages.js';
import { ForbiddenError } from './domain-error.js';
import { PUBLIC_OPERATION } from './openapi.js';
/**
 * The signed-in caller, as the guard resolves it from the bearer token: enough to decide access.
 * A service that needs the rest of the person loads it through the users module.
 */
export interface AuthUser {
  id: string;
  role: 'fan' | 'influencer' | 'admin';
  isAdmin: boolean;
  /** The `support` flag of admin_permissions: the queue pages, and nothing else of the admin area. */
  support?: boolean;
  /** The moderation flags of admin_permissions an admin holds (absent for everyone else). */
  permissions?: readonly AdminPermission[];
}

/** The admin_permissions flags that each guard one kind of moderation (spec §3). */
export const ADMIN_PERMISSIONS = ['approve_events', 'delete_events', 'verify_influencers'] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

export interface AuthContext {
  user: AuthUser;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

export const IS_PUBLIC = 'tribe:isPublic';
export const IS_ADMIN_ONLY = 'tribe:isAdminOnly';
export const IS_SUPPORT = 'tribe:isSupport';
export const REQUIRED_PERMISSION = 'tribe:requiredPermission';

/** No login needed; a valid token still identifies the caller (for owner views). The OpenAPI document says so too. */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_OPERATION, true));

/** Admin role or admin flag required. */
export const AdminOnly = () => SetMetadata(IS_ADMIN_ONLY, true);

/** An admin holding this admin_permissions flag: the role alone is not enough. */
export const RequiresPermission = (permission: AdminPermission) =>
  applyDecorators(SetMetadata(IS_ADMIN_ONLY, true), SetMetadata(REQUIRED_PERMISSION, permission));

/** Support staff or a full admin required (the job queue pages). */
export const SupportAccess = () => SetMetadata(IS_SUPPORT, true);

export const isAdmin = (user: Pick<AuthUser, 'role' | 'isAdmin'>): boolean => user.isAdmin || user.role === 'admin';

export const hasPermission = (user: Pick<AuthUser, 'role' | 'isAdmin' | 'permissions'>, permission: AdminPermission): boolean =>
  isAdmin(user) && (user.permissions ?? []).includes(permission);

/** Refuses (403, naming the flag) an admin without this admin_permissions flag, and anyone who is not an admin. */
export function requirePermission(user: Pick<AuthUser, 'role' | 'isAdmin' | 'permissions'>, permission: AdminPermission): void {
  if (!hasPermission(user, permission)) throw new ForbiddenError(Messages.auth.permissionRequired(permission));
}

/** Support staff (the `support` admin permission) and full admins may use the queue pages. */
export const canSupport = (user: Pick<AuthUser, 'role' | 'isAdmin' | 'support'>): boolean => isAdmin(user) || user.support === true;

/** The signed-in user (guarded routes) — never an id taken from the client. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<FastifyRequest>().auth!.user;
});

/** The signed-in user on a public route, or null for a guest. */
export const OptionalUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser | null => {
  return ctx.switchToHttp().getRequest<FastifyRequest>().auth?.user ?? null;
});

export const CurrentSessionId = createParamDecorator((_: unknown, ctx: ExecutionContext): string => {
  return ctx.switchToHttp().getRequest<FastifyRequest>().auth!.sessionId;
});

/** "Bearer <token>" (scheme in any case, spaces around tolerated); anything else carries no token. */
export function bearerToken(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}
