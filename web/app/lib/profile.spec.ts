import { arrangePhotos, collectInterests, defaultAvatarFor, photosOf } from './profile';
import { profileDetailsBody, profileDetailsInput, profileDetailsSchema } from './profile-form';

const valid = {
  name: 'Asha',
  bio: '',
  location: '',
  work: '',
  education: '',
  height: '',
  drinking: '',
  instagram: '',
  interests: [],
  role: 'fan',
};

describe('profile rules', () => {
  it('makes the first photo the avatar and the rest the gallery', () => {
    expect(arrangePhotos(['https://a/1.png', 'https://a/2.png', 'https://a/3.png'])).toEqual({
      avatar_url: 'https://a/1.png',
      media_gallery: ['https://a/2.png', 'https://a/3.png'],
      profile_photos: ['https://a/1.png', 'https://a/2.png', 'https://a/3.png'],
    });
    expect(arrangePhotos([])).toEqual({ avatar_url: null, media_gallery: [], profile_photos: [] });
  });

  it("lists a profile's photos avatar first, each once", () => {
    expect(
      photosOf({
        avatar_url: 'https://a/1.png',
        profile_photos: ['https://a/1.png', 'https://a/2.png'],
        media_gallery: ['https://a/3.png'],
      }),
    ).toEqual(['https://a/1.png', 'https://a/2.png', 'https://a/3.png']);
    expect(photosOf({ avatar_url: null })).toEqual([]);
  });

  it('picks a default avatar by gender', () => {
    expect(defaultAvatarFor('male')).toBe('/avatars/default-male.svg');
    expect(defaultAvatarFor('female')).toBe('/avatars/default-female.svg');
    expect(defaultAvatarFor(null)).toBe('/avatars/default-other.svg');
  });

  it('merges ticked and typed interests, each once whatever its case', () => {
    expect(collectInterests(['Music', 'Food'], ' food, Board  games ,, music,Chess')).toEqual(['Music', 'Food', 'Board games', 'Chess']);
  });

  it('reads an Instagram handle, an @handle or a profile link', () => {
    for (const instagram of ['priya.n', '@priya.n', 'https://www.instagram.com/priya.n/?hl=en']) {
      expect(profileDetailsSchema.parse({ ...valid, instagram }).instagram).toBe('priya.n');
    }
    expect(profileDetailsSchema.safeParse({ ...valid, instagram: 'not a handle!' }).error?.issues[0]?.message).toBe(
      'Please enter an Instagram handle like @yourname',
    );
  });

  it('turns empty text into null and names the problem of a bad field', () => {
    expect(profileDetailsSchema.parse(valid)).toMatchObject({ bio: null, drinking: null, instagram: null });
    expect(profileDetailsSchema.safeParse({ ...valid, name: ' ' }).error?.issues[0]?.message).toBe('Please enter your name');
    expect(profileDetailsSchema.safeParse({ ...valid, role: 'admin' }).error?.issues[0]?.message).toBe(
      'Please choose how you will use Tribe',
    );
    expect(profileDetailsSchema.safeParse({ ...valid, bio: 'x'.repeat(501) }).error?.issues[0]?.message).toBe(
      'Bio can be at most 500 characters',
    );
    expect(profileDetailsSchema.safeParse({ ...valid, drinking: 'Daily' }).error?.issues[0]?.message).toBe(
      'Please choose one of the drinking options',
    );
  });

  it("sends a fan's or a host's chosen view, and none for an admin, whose form has no such choice", () => {
    const form = new FormData();
    form.set('name', 'Asha');
    form.set('role', 'influencer');
    const chosen = profileDetailsSchema.parse(profileDetailsInput(form));
    expect(profileDetailsBody(chosen)).toMatchObject({ name: 'Asha', role: 'influencer' });

    form.delete('role');
    const admins = profileDetailsSchema.safeParse(profileDetailsInput(form, { admin: true }));
    expect(admins.success).toBe(true);
    const body = profileDetailsBody(admins.data!, { admin: true });
    expect(body).toMatchObject({ name: 'Asha' });
    expect(body).not.toHaveProperty('role');
  });
});
