import { errorBodySchema, type ErrorBody } from './contract/common.js';
import type { RouteName } from './contract/routes.js';

/** The server answered with an error status. `body` is its parsed error body when it had one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly route: RouteName,
    readonly status: number,
    readonly body: ErrorBody | undefined,
  ) {
    super(`${route} failed with HTTP ${status}${body ? `: ${body.error}` : ''}`);
  }
}

/** Where and why an answer broke its schema (zod's issues carry more fields). */
export type ValidationIssue = { readonly path: readonly PropertyKey[]; readonly message: string; readonly code?: string };

/** The server answered with a success status, but the body does not match the contract. */
export class ResponseValidationError extends Error {
  override readonly name = 'ResponseValidationError';

  constructor(
    readonly route: RouteName,
    readonly issues: readonly ValidationIssue[],
    readonly body: unknown,
  ) {
    super(`${route} answered a body that does not match its schema: ${issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`).join('; ')}`);
  }
}

/**
 * True for an error answer of the server.
 *
 * @example
 * try { await api.renamePlayer({ groupId, name }); } catch (error) { if (isApiError(error)) showPopup('failedToRenamePlayer'); }
 */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when an answer did not match its schema. */
export function isResponseValidationError(error: unknown): error is ResponseValidationError {
  return error instanceof ResponseValidationError;
}

/**
 * True when accepting an invitation failed because the group is full (HTTP 402).
 *
 * @example
 * catch (error) { if (isGroupFullError(error)) showPopup('groupIsFull'); }
 */
export function isGroupFullError(error: unknown): error is ApiError & { route: 'acceptInvitation'; status: 402 } {
  return isApiError(error) && error.route === 'acceptInvitation' && error.status === 402;
}

/**
 * True when creating or joining a group failed because the player already plays in the most groups
 * of its tournament (HTTP 409, `MAX_GROUPS_PER_PLAYER` of @scorecast/rules).
 *
 * @example
 * catch (error) { if (isTooManyGroupsError(error)) showPopup('tooManyGroups'); }
 */
export function isTooManyGroupsError(error: unknown): error is ApiError & { status: 409 } {
  return isApiError(error) && error.status === 409 && error.body?.error === 'tooManyGroups';
}

/**
 * True when a registration, an activation mail resend or a reset mail could not go because the server
 * cannot send mail now (HTTP 503 `mailUnavailable`, with `Retry-After`). Nothing was written: the
 * player tries the same again later.
 *
 * @example
 * catch (error) { if (isMailUnavailableError(error)) showPopup('mailUnavailable'); }
 */
export function isMailUnavailableError(error: unknown): error is ApiError & { status: 503 } {
  return isApiError(error) && error.status === 503 && error.body?.error === 'mailUnavailable';
}

/** True for a 401: the token is missing, expired or revoked. */
export function isUnauthorizedError(error: unknown): error is ApiError & { status: 401 } {
  return isApiError(error) && error.status === 401;
}

/** The error body when it matches the contract's error shape; anything else is dropped. */
export function errorBodyOf(data: unknown): ErrorBody | undefined {
  const parsed = errorBodySchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
