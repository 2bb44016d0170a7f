import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export const NUL_REFUSAL = 'Text may not contain a NUL character (\\u0000).';

/** How deep a request's JSON is walked; deeper nesting than any route's schema allows is refused anyway. */
const MAX_DEPTH = 20;

/** Whether a string anywhere in the value (keys included) holds a NUL character. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL cannot store a NUL character in text (it answers 22021), so a NUL in any path or query
 * parameter or in any string of a JSON body is refused with a 400 for every route, before the route's own
 * validation runs, instead of reaching the database as a 500.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw badRequest(NUL_REFUSAL);
    }
  });
}
