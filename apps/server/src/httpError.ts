/** An answer other than 2xx: `error` is a stable code, `field` names the refused request field. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly field?: string,
  ) {
    super(field ? `${code}: ${field}` : code);
  }
}

/** 400 naming the refused field. */
export const badRequest = (code: string, field?: string) => new HttpError(400, code, field);
export const unauthorized = () => new HttpError(401, 'unauthorized');
export const forbidden = (code = 'forbidden') => new HttpError(403, code);
export const notFound = (code = 'notFound') => new HttpError(404, code);
