import type { z } from 'zod';

/**
 * A refusal with code "validation" names the field it is about first: "age: must be at least 18",
 * "links.1: must be a valid URL". Catalogue messages (whole sentences for people) name none.
 */
export const validationMessage = (path: string, problem: string): string => `${path}: ${problem}`;

/** The top-level field a validation message names, and its problem; null when it names none. */
export function readValidationMessage(message: string): { field: string; problem: string } | null {
  const named = /^([a-z_]+)(?:\.[\w.]*)?: (.+)$/s.exec(message);
  return named ? { field: named[1]!, problem: named[2]! } : null;
}

/** The code a schema gave a problem (`params: { code }` on a custom issue), or null. */
export function issueCode(issue: z.core.$ZodIssue | undefined): string | null {
  const code: unknown = issue?.code === 'custom' ? issue.params?.code : undefined;
  return typeof code === 'string' ? code : null;
}
