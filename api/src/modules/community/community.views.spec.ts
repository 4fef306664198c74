import { commentView, postView, type CommentRow, type PostRow } from './community.views.js';

const author = {
  authorId: 'asha',
  authorName: 'Asha',
  authorAvatarUrl: null,
  authorAvatarVariants: null,
  authorVerified: true,
  authorRole: 'influencer' as const,
};
const at = new Date('2031-06-01T13:30:00Z');

const comment = (fields: Partial<CommentRow> = {}): CommentRow => ({
  ...author,
  id: 'c1',
  seq: '1',
  postId: 'p1',
  text: 'Lovely',
  likeCount: 2,
  createdAt: at,
  editedAt: null,
  likedByMe: false,
  ...fields,
});

const post = (fields: Partial<PostRow> = {}): PostRow => ({
  ...author,
  id: 'p1',
  seq: '7',
  text: 'Jazz tonight',
  photos: [],
  photoVariants: null,
  city: 'Mumbai',
  likeCount: 3,
  commentCount: 1,
  createdAt: at,
  editedAt: null,
  eventId: null,
  eventTitle: null,
  eventDate: null,
  eventCity: null,
  likedByMe: true,
  ...fields,
});

describe('community views', () => {
  it('names an author without a name "User", and marks what is the viewer’s own (never a guest’s)', () => {
    expect(commentView(comment({ authorName: '  ' }), null).author).toEqual({
      id: 'asha',
      name: 'User',
      avatarUrl: null,
      avatarThumbnailUrl: null,
      verified: true,
      role: 'influencer',
    });
    expect(commentView(comment(), 'asha').isMine).toBe(true);
    expect(commentView(comment(), 'ravi').isMine).toBe(false);
    expect(commentView(comment(), null).isMine).toBe(false);
  });

  it('gives an author the smallest WebP variant of their avatar for the small picture, the original until one is made', () => {
    const avatar = 'https://cdn.example.in/uploads/2b4e6f60-1c1d-4e3a-9f00-000000000001.jpg';
    const variants = [
      { key: '2b4e6f60-1c1d-4e3a-9f00-000000000001-640.webp', width: 640, height: 640, bytes: 41_000 },
      { key: '2b4e6f60-1c1d-4e3a-9f00-000000000001-320.webp', width: 320, height: 320, bytes: 12_000 },
    ];
    const made = commentView(comment({ authorAvatarUrl: avatar, authorAvatarVariants: variants }), null).author;
    expect(made).toMatchObject({
      avatarUrl: avatar,
      avatarThumbnailUrl: 'https://cdn.example.in/uploads/2b4e6f60-1c1d-4e3a-9f00-000000000001-320.webp',
    });
    expect(commentView(comment({ authorAvatarUrl: avatar }), null).author.avatarThumbnailUrl).toBeNull();
  });

  it('shows the event a post is about while it exists, and the first comments under it', () => {
    const about = postView(
      post({ eventId: 'e1', eventTitle: 'Rooftop jazz', eventDate: at, eventCity: null, editedAt: at }),
      [comment()],
      'ravi',
    );
    expect(about).toMatchObject({
      event: { id: 'e1', title: 'Rooftop jazz', date: '2031-06-01T13:30:00.000Z', city: null },
      editedAt: '2031-06-01T13:30:00.000Z',
      isMine: false,
      likedByMe: true,
      firstComments: [{ id: 'c1', postId: 'p1', isMine: false }],
    });
    expect(postView(post(), [], 'asha')).toMatchObject({ event: null, isMine: true, firstComments: [] });
  });

  it('gives each photo its variants, smallest first, beside the original they were made from', () => {
    const base = 'https://media.tribe.in/uploads/';
    const photos = [`${base}0b9e3f6e-1c1d-4b55-9a77-2f1f5c0d6a11.jpg`, 'https://elsewhere.example.in/p.jpg'];
    const variants = {
      '0b9e3f6e-1c1d-4b55-9a77-2f1f5c0d6a11.jpg': [
        { width: 1280, height: 960, key: '0b9e3f6e-1c1d-4b55-9a77-2f1f5c0d6a11-w1280.webp', bytes: 90_000 },
        { width: 640, height: 480, key: '0b9e3f6e-1c1d-4b55-9a77-2f1f5c0d6a11-w640.webp', bytes: 30_000 },
      ],
    };
    expect(postView(post({ photos, photoVariants: variants }), [], null).responsivePhotos).toEqual([
      {
        url: photos[0],
        variants: [
          { width: 640, height: 480, url: `${base}0b9e3f6e-1c1d-4b55-9a77-2f1f5c0d6a11-w640.webp` },
          { width: 1280, height: 960, url: `${base}0b9e3f6e-1c1d-4b55-9a77-2f1f5c0d6a11-w1280.webp` },
        ],
      },
      { url: photos[1], variants: [] },
    ]);
  });
});
