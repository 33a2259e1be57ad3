// Turns thrown errors into the API's answers: a status and a plain-text body that becomes the toast text.
import { Elysia } from 'elysia';
import { ZodError } from 'zod';
import { firstIssue } from '../../lib/schemas';

/** An error with an HTTP status whose message is safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);

export const errors = new Elysia({ name: 'errors' })
  .onError({ as: 'global' }, ({ code, error, set }) => {
    const text = (status: number, body: string) => {
      set.status = status;
      set.headers['content-type'] = 'text/plain; charset=utf-8';
      return body;
    };
    if (error instanceof HttpError) return text(error.status, error.message);
    if (error instanceof ZodError) return text(400, firstIssue(error));
    switch (code) {
      case 'VALIDATION':
        return text(400, typeof error.customError === 'string' ? error.customError : 'Invalid request');
      case 'PARSE':
        return text(400, 'Malformed request body');
      case 'NOT_FOUND':
        return text(404, 'Not found');
      default:
        if (typeof error === 'object' && error && 'code' in error && typeof (error as { code: unknown }).code === 'number') return;
        console.error(error);
        return text(500, 'Something went wrong. Please try again.');
    }
  });
