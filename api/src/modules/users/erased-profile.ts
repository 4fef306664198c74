import { type User } from './entities/user.entity.js';

/**
 * What an erased account keeps of its profile: nothing personal. Counters, role and ratings stay
 * (they are about the platform, not the person); a personal column added to User belongs here.
 */
export const ERASED_PROFILE = {
  name: 'Deleted user',
  username: null,
  email: null,
  emailVerifiedAt: null,
  passwordHash: null,
  avatarUrl: null,
  bio: null,
  location: null,
  city: null,
  age: null,
  gender: null,
  height: null,
  work: null,
  education: null,
  educationLevel: null,
  drinking: null,
  mobileNumber: null,
  mobileVerifiedAt: null,
  mediaGallery: [],
  profilePhotos: [],
  interests: [],
  facebookUrl: null,
  instagramUrl: null,
  instagramHandle: null,
  youtubeUrl: null,
  coverPhotoUrl: null,
  governmentIdUrl: null,
} satisfies Partial<User>;
