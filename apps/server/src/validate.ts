import type { z } from 'zod';
import { HttpError } from './httpError.js';

/**
 * Parses request input with a contract schema; a refusal is a 400 naming the first bad field
 * (`body` when the whole body is wrong).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? String(issue.path[0]) : 'body';
  throw new HttpError(400, issue?.message && /^[a-zA-Z]+$/.test(issue.message) ? issue.message : 'invalid', field);
}
