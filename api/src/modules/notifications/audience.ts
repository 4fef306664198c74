import { type Audience } from '../../contracts/admin-notifications.contract.js';
import { canonicalCity } from '../../contracts/city.js';

/** A condition on `users u` and its parameters, numbered from `$<first>`. */
export interface AudienceFilter {
  sql: string;
  params: unknown[];
}

/**
 * Who an audience is, as SQL over `users u`: accounts that are not deleted (an erased one is deleted
 * too), narrowed by city (users.city_key, the lower-cased canonical city), by role (admin: the role
 * or the admin flag; fan and influencer: that role without the flag) or to listed ids.
 */
export function audienceFilter(audience: Audience, first: number): AudienceFilter {
  const active = 'u.deleted_at IS NULL';
  switch (audience.kind) {
    case 'everyone':
      return { sql: active, params: [] };
    case 'city':
      return { sql: `${active} AND u.city_key = $${first}`, params: [canonicalCity(audience.city).toLowerCase()] };
    case 'role':
      return audience.role === 'admin'
        ? { sql: `${active} AND (u.role = 'admin' OR u.is_admin)`, params: [] }
        : { sql: `${active} AND u.role = $${first} AND NOT u.is_admin`, params: [audience.role] };
    case 'users':
      return { sql: `${active} AND u.id = ANY($${first}::uuid[])`, params: [audience.user_ids] };
  }
}
