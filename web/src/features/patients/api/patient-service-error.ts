import { msg } from '@clinic/contract/messages';
import { ApiError } from '../../../lib/api-client';

/**
 * The patient service's error text (spec §8): the server's message when it sent one, otherwise the
 * call's fallback ('Fetch failed', 'Search failed', ...), also when the server could not be reached.
 */
export async function withPatientFallback<T>(call: Promise<T>, fallback: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.message === msg.httpStatus(error.status))
        throw new ApiError(error.status, error.code, fallback);
      throw error;
    }
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new Error(fallback);
  }
}
