import * as z from 'zod';
import { HttpError } from './httpError.js';

/** A refused field by its path: `subscription.endpoint`; an array is named by itself, not its items (`games`). */
function fieldOf(path: readonly PropertyKey[]): string {
  const names: string[] = [];
  for (const key of path) {
    if (typeof key !== 'string') break;
    names.push(key);
  }
  return names.length > 0 ? names.join('.') : 'body';
}

/**
 * Parses request input with a contract schema; a refusal is a 400 naming the first bad field
 * (`body` when the whole body is wrong).
 */
export function parseInput<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  // Contract schemas are zod/mini (small in the browser); the server's own are classic zod: both are core types.
  // No body at all is an empty one; a JSON null is a body, and not an object.
  const result = z.safeParse(schema, input === undefined ? {} : input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // A strict schema's unknown field is named itself: `homegoals`, not the body.
  if (issue?.code === 'unrecognized_keys') throw new HttpError(400, 'unknownField', fieldOf(issue.keys[0] ? [...issue.path, issue.keys[0]] : issue.path));
  const field = fieldOf(issue?.path ?? []);
  throw new HttpError(400, issue?.message && /^[a-zA-Z]+$/.test(issue.message) ? issue.message : 'invalid', field);
}
