import { type Readable } from 'node:stream';

/** Where uploaded files live. The API and the workers only talk to this port, never to a disk or a bucket. */
export interface StoragePort {
  /**
   * Stores an object under `key`, replacing any object with that key (so a retried job can write again).
   * A stream body needs `bytes`; `sha256` (hex) lets adapters that can, sign the payload.
   */
  put(key: string, body: Buffer | Readable, meta: PutMeta): Promise<void>;
  /** Size and type of a stored object, or null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes (or an inclusive byte range of them), or null when there is none. */
  read(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** The absolute URL a browser fetches the object from. */
  publicUrl(key: string): string;
}

export interface PutMeta {
  contentType: string;
  bytes?: number;
  sha256?: string;
}

export interface ObjectInfo {
  bytes: number;
  contentType: string;
}

/** Inclusive, like an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject extends ObjectInfo {
  stream: Readable;
}

export const STORAGE = Symbol('STORAGE');

export class StorageError extends Error {}
