import { cityFromLocation } from '../../contracts/city.js';
import { type ProfileFields } from '../../contracts/user.contract.js';
import { type User } from './entities/user.entity.js';

const COLUMNS = {
  name: 'name',
  username: 'username',
  bio: 'bio',
  avatar_url: 'avatarUrl',
  cover_photo_url: 'coverPhotoUrl',
  instagram_handle: 'instagramHandle',
  instagram_url: 'instagramUrl',
  facebook_url: 'facebookUrl',
  youtube_url: 'youtubeUrl',
  age: 'age',
  gender: 'gender',
  height: 'height',
  work: 'work',
  education: 'education',
  education_level: 'educationLevel',
  drinking: 'drinking',
  location: 'location',
  mobile_number: 'mobileNumber',
  media_gallery: 'mediaGallery',
  profile_photos: 'profilePhotos',
  interests: 'interests',
  role: 'role',
} as const satisfies Record<keyof ProfileFields, keyof User>;

/**
 * The snake_case API fields that were sent, as a partial entity (absent fields are left alone). A
 * location brings the city it names.
 */
export function profileFieldsToEntity(fields: ProfileFields): Partial<User> {
  const entity: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = fields[field as keyof ProfileFields];
    if (value !== undefined) entity[column] = value;
  }
  if (fields.location !== undefined) entity.city = cityFromLocation(fields.location);
  return entity as Partial<User>;
}
