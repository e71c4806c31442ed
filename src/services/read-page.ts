import { ApiError } from '../domain/errors.js';
import { InvalidCursorError } from '../store/store-errors.js';

/**
 * Runs a paged store read and turns a cursor this server never issued (edited,
 * truncated, or taken from another list) into a 400 instead of a 500.
 */
export async function readPage<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof InvalidCursorError)) throw error;
    const invalid = new ApiError(
      'invalid_request',
      'The cursor is not one this server issued. Pass the nextCursor of the previous page unchanged, or omit it for the first page.',
      {
        errors: [{ path: 'cursor', message: 'is not a cursor from a previous page' }],
      },
    );
    invalid.cause = error;
    throw invalid;
  }
}
