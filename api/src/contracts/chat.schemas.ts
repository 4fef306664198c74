/**
 * The chat's request schemas (zod), apart from its contract (chat.contract.ts: limits, messages, views
 * and socket events), so that the pages that only show chat (the shell's unread badge, the room list)
 * do not ship zod.
 */
import { z } from 'zod';
import { characterCount, ChatErrorCodes, ChatLimits, ChatMessages, utf8Bytes } from './chat.contract.js';

/** A client-made id for one send: retries of the same send carry the same one, and store one message. */
const clientId = z
  .string({ message: 'clientId is required' })
  .trim()
  .min(8, { message: 'clientId is required' })
  .max(64, { message: 'clientId is too long' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'clientId may hold letters, digits, - and _' });

/**
 * Text is trimmed; the size rule is checked before the length rule (a 2 MB message is "too large",
 * not "too long").
 */
export const messageTextSchema = z
  .string({ message: ChatMessages.textRequired })
  .refine((value) => utf8Bytes(value) <= ChatLimits.maxMessageBytes, {
    message: ChatMessages.tooLarge,
    params: { code: ChatErrorCodes.tooLarge },
    abort: true,
  })
  .transform((value) => value.trim())
  .refine((value) => value.length > 0, { message: ChatMessages.textRequired })
  .refine((value) => characterCount(value) <= ChatLimits.maxTextLength, {
    message: ChatMessages.tooLong,
    params: { code: ChatErrorCodes.tooLong },
  });

const pollOption = z
  .string()
  .trim()
  .min(1, { message: 'Poll options cannot be empty' })
  .max(ChatLimits.maxPollOptionLength, {
    message: `Poll options are at most ${ChatLimits.maxPollOptionLength} characters`,
  });

export const sendMessageSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('text'), clientId, text: messageTextSchema }),
    z.object({
      type: z.literal('poll'),
      clientId,
      /** The question. */
      text: messageTextSchema,
      options: z
        .array(pollOption)
        .min(2, { message: 'A poll needs at least 2 options' })
        .max(ChatLimits.maxPollOptions, { message: `A poll has at most ${ChatLimits.maxPollOptions} options` }),
    }),
    z.object({
      type: z.literal('image'),
      clientId,
      /** A URL the upload endpoint (POST /upload/image) answered. */
      imageUrl: z.url({ message: 'imageUrl must be the address the upload returned' }).max(2048),
      /** An optional caption (blank is none). */
      text: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), messageTextSchema.optional()),
    }),
  ],
  { message: 'type must be text, poll or image' },
);
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** The options the voter chooses now (none takes the vote back); they leave every other option. */
export const pollVoteSchema = z.object({
  optionIds: z.array(z.string().min(1).max(64)).max(ChatLimits.maxPollOptions),
});
export type PollVoteInput = z.infer<typeof pollVoteSchema>;

export const markSchema = z.object({ seq: z.coerce.number().int().min(0) });
export type MarkInput = z.infer<typeof markSchema>;

export const createRoomSchema = z.object({
  event_id: z.uuid({ message: 'event_id must be an event id' }),
  name: z.string().trim().min(1).max(200).optional(),
  event_image: z.string().max(2048).nullish(),
  members: z.array(z.uuid()).max(ChatLimits.maxMembersPerAdd).default([]),
});
export type CreateRoomInput = z.infer<typeof createRoomSchema>;

export const addMembersSchema = z.object({
  members: z
    .array(z.uuid({ message: 'members must be user ids' }))
    .min(1, { message: 'members is required' })
    .max(ChatLimits.maxMembersPerAdd),
});
export type AddMembersInput = z.infer<typeof addMembersSchema>;

/** GET …/messages: newest `limit` before `before` (older pages), or everything after `after` (resync). */
export const messagePageQuerySchema = z.object({
  before: z.coerce.number().int().min(1).optional(),
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(ChatLimits.maxWindow).optional(),
});
export type MessagePageQuery = z.infer<typeof messagePageQuerySchema>;

export const joinRoomSchema = z.object({
  roomId: z.uuid({ message: ChatMessages.noRoomId }),
  /** The newest seq the client holds; the answer then carries only what came after it (resync). */
  lastSeq: z.number().int().min(0).optional(),
});
export type JoinRoomInput = z.infer<typeof joinRoomSchema>;
