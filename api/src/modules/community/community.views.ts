import { type AuthorView, type CommentView, type PostView } from '../../contracts/community.contract.js';
import { type MediaVariant } from '../uploads/entities/media.entity.js';
import { responsiveImage, responsiveImages } from '../uploads/responsive-images.js';

/** The author of a post or comment as its row carries them (community-sql.ts, authorColumns). */
export interface AuthorColumns {
  authorId: string;
  authorName: string | null;
  authorAvatarUrl: string | null;
  /** The avatar's ready WebP variants (none while they are made, or for an avatar from elsewhere). */
  authorAvatarVariants: MediaVariant[] | null;
  authorVerified: boolean;
  authorRole: AuthorView['role'];
}

export interface PostRow extends AuthorColumns {
  id: string;
  /** bigint, as decimal text. */
  seq: string;
  text: string;
  photos: string[];
  /** The photos' ready variants by file name (readyVariantsByFile). */
  photoVariants: Record<string, MediaVariant[]> | null;
  city: string | null;
  likeCount: number;
  commentCount: number;
  createdAt: Date;
  editedAt: Date | null;
  /** The event it is about, while that event exists. */
  eventId: string | null;
  eventTitle: string | null;
  eventDate: Date | null;
  eventCity: string | null;
  likedByMe: boolean;
}

/** A post as every reader sees it (a shared feed page): whether the reader liked it comes apart. */
export type SharedPostRow = Omit<PostRow, 'likedByMe'>;

export interface CommentRow extends AuthorColumns {
  id: string;
  seq: string;
  postId: string;
  text: string;
  likeCount: number;
  createdAt: Date;
  editedAt: Date | null;
  likedByMe: boolean;
}

/** What a person without a name is called. */
const UNNAMED = 'User';

export const authorView = (row: AuthorColumns): AuthorView => ({
  id: row.authorId,
  name: row.authorName?.trim() || UNNAMED,
  avatarUrl: row.authorAvatarUrl,
  // The smallest variant, as event cards show their host: a 40 px face need not load a camera's photo.
  avatarThumbnailUrl: row.authorAvatarUrl
    ? (responsiveImage(row.authorAvatarUrl, row.authorAvatarVariants ?? []).variants[0]?.url ?? null)
    : null,
  verified: row.authorVerified,
  role: row.authorRole,
});

/** `viewerId` is null for a guest: nothing is theirs. */
export const commentView = (row: CommentRow, viewerId: string | null): CommentView => ({
  id: row.id,
  postId: row.postId,
  text: row.text,
  author: authorView(row),
  likeCount: row.likeCount,
  likedByMe: row.likedByMe,
  isMine: viewerId !== null && row.authorId === viewerId,
  createdAt: row.createdAt.toISOString(),
  editedAt: row.editedAt?.toISOString() ?? null,
});

export const postView = (row: PostRow, firstComments: readonly CommentRow[], viewerId: string | null): PostView => ({
  id: row.id,
  text: row.text,
  photos: row.photos,
  responsivePhotos: responsiveImages(row.photos, row.photoVariants),
  event:
    row.eventId && row.eventTitle && row.eventDate
      ? { id: row.eventId, title: row.eventTitle, date: row.eventDate.toISOString(), city: row.eventCity }
      : null,
  city: row.city,
  author: authorView(row),
  likeCount: row.likeCount,
  commentCount: row.commentCount,
  likedByMe: row.likedByMe,
  isMine: viewerId !== null && row.authorId === viewerId,
  createdAt: row.createdAt.toISOString(),
  editedAt: row.editedAt?.toISOString() ?? null,
  firstComments: firstComments.map((comment) => commentView(comment, viewerId)),
});
