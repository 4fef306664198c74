/**
 * What the uploads module needs to know before it deletes an upload nobody seems to use: whether a
 * record of another module shows it. Records point at uploads by URL (the original's or a variant's),
 * and every such URL carries the media id. Users (avatar, cover, profile photos, gallery, ID) and
 * events (images, video) answer it; the composition root lists them (api/src/ports.module.ts), so the
 * uploads module never reads their tables. A module that starts storing upload URLs joins the list.
 */
export interface MediaReferences {
  /** Those of `mediaIds` that a record of this module references (a subset, in any order). */
  referencedAmong(mediaIds: readonly string[]): Promise<ReadonlySet<string>>;
}

/** Every module's MediaReferences, in the order ports.module.ts lists them. */
export const MEDIA_REFERENCES = Symbol('MEDIA_REFERENCES');

/** A media id as it appears in an upload's URL (`<id>.jpg`, `<id>-w640.webp`). */
export const MEDIA_ID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
