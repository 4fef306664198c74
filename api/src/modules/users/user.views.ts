import { isProfileComplete } from '../../contracts/user.contract.js';
import { type UserRecord } from './entities/user.entity.js';

/** What anyone may see of a person. Email, phone, wallet and government id are never here. */
export function toPublicUser(user: UserRecord) {
  return {
    id: user.id,
    role: user.role,
    name: user.name,
    username: user.username,
    avatar_url: user.avatarUrl,
    bio: user.bio,
    location: user.location,
    age: user.age,
    gender: user.gender,
    height: user.height,
    work: user.work,
    education: user.education,
    education_level: user.educationLevel,
    drinking: user.drinking,
    media_gallery: user.mediaGallery,
    profile_photos: user.profilePhotos,
    interests: user.interests,
    facebook_url: user.facebookUrl,
    instagram_url: user.instagramUrl,
    instagram_handle: user.instagramHandle,
    youtube_url: user.youtubeUrl,
    cover_photo_url: user.coverPhotoUrl,
    verified: user.verified,
    verified_at: user.verifiedAt,
    events_attended: user.eventsAttended,
    events_hosted: user.eventsHosted,
    events_hosted_count: user.eventsHosted,
    follower_count: user.followerCount,
    rating: user.rating === null ? null : Number(user.rating),
    rating_count: user.ratingCount,
    created_at: user.createdAt,
  };
}

/** The signed-in person's own view, as the login response and GET /users/{own id} return it. */
export function toSelfUser(user: UserRecord) {
  return {
    ...toPublicUser(user),
    email: user.email,
    mobile_number: user.mobileNumber,
    phone: user.mobileNumber,
    mobile_verified: user.mobileVerifiedAt !== null,
    wallet_balance: user.walletBalance,
    government_id_url: user.governmentIdUrl,
    is_admin: user.isAdmin,
    isAdmin: user.isAdmin || user.role === 'admin',
    admin_permissions: user.adminPermissions,
    needs_profile: !isProfileComplete(user),
  };
}

/**
 * Someone else as an admin sees them: everything the person sees of themself but the government ID's
 * address, which admins open through its short-lived, audited link (verify_influencers).
 */
export function toAdminViewOfUser(user: UserRecord) {
  const { government_id_url: governmentId, ...view } = toSelfUser(user);
  return { ...view, has_government_id: governmentId !== null };
}

export type PublicUserView = ReturnType<typeof toPublicUser>;
export type SelfUserView = ReturnType<typeof toSelfUser>;

/** The listed events a person hosts, counted live, under both names user views carry it. */
export const hostedFields = (count: number) => ({ events_hosted: count, events_hosted_count: count });
