import { type JobsOptions } from 'bullmq';

/** Every queue the product has. Workers listen to all of them. */
export enum QueueName {
  Users = 'users',
  Media = 'media',
}

/** Every job the product runs; the workers refuse to boot when one has no handler. */
export enum JobName {
  AccountErase = 'account.erase',
  MediaVariants = 'media.variants',
}

export const JOB_QUEUE: Record<JobName, QueueName> = {
  [JobName.AccountErase]: QueueName.Users,
  [JobName.MediaVariants]: QueueName.Media,
};

export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
  removeOnFail: { age: 30 * 24 * 3600 },
};
