import type { IncomingMessage } from 'node:http';
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

/**
 * The router's longest path parameter (find-my-way's default is 100). A longer one was answered 414 by the
 * router before any route or hook saw the call, so on a patient route it left no audit row; the request line's
 * own limit (Node's 16 KiB of headers) bounds it now, and the route's validation refuses what is too long.
 */
export const MAX_PARAM_LENGTH = 16 * 1024;

/**
 * The URL to route (Fastify's rewriteUrl). A path whose percent-escapes do not decode (`%ZZ`, a cut UTF-8
 * sequence) was refused by the router in Fastify's own shape, before any route or hook saw it: on a patient route
 * it left no audit row (issue 28, item 11). It is routed as the text it is instead (each '%' as '%25'), so its
 * route refuses it with the app's 400 and the call is recorded. Every other URL is routed as it came.
 */
export function routableUrl(request: IncomingMessage): string {
  const url = request.url ?? '/';
  if (!url.includes('%')) return url;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return `${path.replaceAll('%', '%25')}${queryAt === -1 ? '' : url.slice(queryAt)}`;
  }
}
