import { data } from '@remix-run/node';
import { api, ApiError, failureInit } from './api.server';
import { write } from './event-writes.server';
import { photosOf } from './profile';
import type { SelfUser } from './user';

/** What anyone may see of a person (GET /users/{id} as someone else): never email or phone. */
export interface PublicProfile {
  id: string;
  role: 'fan' | 'influencer' | 'admin';
  name: string;
  avatar_url: string | null;
  gender: 'male' | 'female' | null;
  age: number | null;
  bio: string | null;
  location: string | null;
  work: string | null;
  education: string | null;
  drinking: string | null;
  height: string | null;
  interests: string[];
  photos: string[];
  instagram_handle: string | null;
  instagram_url: string | null;
  facebook_url: string | null;
  youtube_url: string | null;
  verified: boolean;
  events_hosted: number;
  events_attended: number;
  rating: number | null;
  /** How many ratings `rating` is the mean of. */
  rating_count: number;
}

type ProfileSource = Omit<SelfUser, 'email' | 'mobile_number'>;

const list = (value: string[] | undefined): string[] => value ?? [];
const textOrNull = (value: string | null | undefined): string | null => value || null;

/**
 * Picks the public fields out of a user view, so that a person's own email and phone (which the
 * API sends them) never reach a page meant to show what others see.
 */
export function toPublicProfile(user: ProfileSource): PublicProfile {
  const avatar = user.avatar_url;
  return {
    id: user.id,
    role: user.role,
    name: user.name?.trim() || 'Tribe member',
    avatar_url: avatar,
    gender: user.gender,
    age: user.age,
    bio: user.bio,
    location: user.location,
    work: textOrNull(user.work),
    education: textOrNull(user.education),
    drinking: textOrNull(user.drinking),
    height: textOrNull(user.height),
    interests: list(user.interests),
    photos: photosOf(user),
    instagram_handle: user.instagram_handle,
    instagram_url: textOrNull(user.instagram_url),
    facebook_url: textOrNull(user.facebook_url),
    youtube_url: textOrNull(user.youtube_url),
    verified: Boolean(user.verified),
    events_hosted: user.events_hosted ?? 0,
    events_attended: user.events_attended ?? 0,
    rating: user.rating,
    rating_count: user.rating_count ?? 0,
  };
}

/** Another person's public profile; a missing or deleted person is the not-found page. */
export async function loadPublicProfile(token: string, id: string): Promise<PublicProfile> {
  try {
    return toPublicProfile(await api<ProfileSource>(`/users/${encodeURIComponent(id)}`, { token }));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data('User not found.', { status: 404 });
    if (error instanceof ApiError) throw data({ error: error.message }, failureInit(error));
    throw error;
  }
}

export function saveProfile(token: string, body: Record<string, unknown>) {
  return write(() => api<SelfUser>('/users/me', { method: 'PUT', token, body }));
}

export function reportUser(token: string, id: string, body: { reason: string; details: string | null }) {
  return write(() => api<{ message: string }>(`/users/${encodeURIComponent(id)}/report`, { method: 'POST', token, body }));
}
