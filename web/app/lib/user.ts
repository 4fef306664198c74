import { checkMobileNumber } from '../../../api/src/contracts/mobile-number.js';
import { formatIndianNumber } from './phone-sign-in';
import { isAdminUser } from './redirects';

/** The signed-in person as GET /api/v1/users/{own id} returns them (snake_case, SPEC §3 User). */
export interface SelfUser {
  id: string;
  role: 'fan' | 'influencer' | 'admin';
  name: string | null;
  username: string | null;
  email: string | null;
  avatar_url: string | null;
  bio: string | null;
  location: string | null;
  age: number | null;
  gender: 'male' | 'female' | null;
  mobile_number: string | null;
  instagram_handle: string | null;
  follower_count: number | null;
  events_attended: number | null;
  events_hosted: number | null;
  rating: number | null;
  rating_count?: number;
  verified: boolean | null;
  isAdmin: boolean;
  is_admin?: boolean;
  /** Admin flags; `support` alone makes support staff (the job queue pages, nothing else of /admin). */
  admin_permissions?: {
    support?: boolean;
    verify_influencers?: boolean;
    approve_events?: boolean;
    delete_events?: boolean;
  } | null;
  needs_profile: boolean;
  created_at?: string;
  work?: string | null;
  education?: string | null;
  drinking?: string | null;
  height?: string | null;
  interests?: string[];
  media_gallery?: string[];
  profile_photos?: string[];
  instagram_url?: string | null;
  facebook_url?: string | null;
  youtube_url?: string | null;
}

/** An admin flag a page shows an action for (the API checks it again on every request). */
export type AdminFlag = keyof NonNullable<SelfUser['admin_permissions']>;

/** Whether the person holds this admin_permissions flag. */
export function holdsPermission(user: Pick<SelfUser, 'admin_permissions'>, permission: AdminFlag): boolean {
  return user.admin_permissions?.[permission] === true;
}

/**
 * Who is signed in, in words that are never empty: the name with the email, or with the mobile
 * number for an account made by phone sign-in (which has no email), or whichever of them there is.
 */
export function accountLabel(user: Pick<SelfUser, 'name' | 'email' | 'mobile_number'>): string {
  const name = user.name?.trim();
  const mobile = checkMobileNumber(user.mobile_number);
  const number = mobile.ok ? formatIndianNumber(mobile.national) : user.mobile_number?.trim();
  const contact = user.email?.trim() || number;
  if (name && contact) return `${name} (${contact})`;
  return name || contact || 'an account with no name, email or number yet';
}

/**
 * The signed-in person as every page's browser code knows them (the root loader's `user`): who
 * they are and whether they are an admin. Pages that show more of the account (profile, settings)
 * load it themselves. Every page's HTML carries this, so it holds no contact details, no money and
 * no documents.
 */
export interface Viewer {
  id: string;
  role: SelfUser['role'];
  name: string | null;
  avatar_url: string | null;
  is_admin: boolean;
}

export function toViewer(user: SelfUser): Viewer {
  return { id: user.id, role: user.role, name: user.name, avatar_url: user.avatar_url, is_admin: isAdminUser(user) };
}
