import { QueryFailedError } from 'typeorm';

/** The name of the unique constraint a write broke, or undefined for any other error. */
export function uniqueViolation(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' ? (driverError.constraint ?? 'unique') : undefined;
}
