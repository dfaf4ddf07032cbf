/**
 * An answer other than 2xx: `error` is a stable code, `field` names the refused request field,
 * `retryAfterSeconds` says when to try again (its `Retry-After`).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(field ? `${code}: ${field}` : code);
  }
}

/** 400 naming the refused field. */
export const badRequest = (code: string, field?: string) => new HttpError(400, code, field);
export const unauthorized = () => new HttpError(401, 'unauthorized');
export const forbidden = (code = 'forbidden') => new HttpError(403, code);
export const notFound = (code = 'notFound') => new HttpError(404, code);
/** A group of a past year's tournament: it is kept to look back on, and takes no joins or changes. */
export const tournamentOver = (field: string) => new HttpError(409, 'tournamentOver', field);
/** No mail can go now (the mail server is out of reach): nothing was written, the player tries again in a minute. */
export const mailUnavailable = () => new HttpError(503, 'mailUnavailable', undefined, 60);
