import { isImplementedPath } from './page-paths';

/** The query parameter that carries where to go back to after signing in or registering. */
export const RETURN_PARAM = 'next';

/**
 * Where to return after sign-in or registration: a path of this app (one of its pages, with its query),
 * never another site ('//evil.example', 'https:…', '/\\evil'); null when the value is missing or not one.
 */
export function returnPathFrom(value: string | null | undefined): string | null {
  if (!value || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return null;
  return isImplementedPath(value) ? value : null;
}

/** `path` with the return parameter set to `next` (when it is a path of the app). */
export function withReturn(path: string, next: string | null | undefined): string {
  const target = returnPathFrom(next);
  return target ? `${path}?${RETURN_PARAM}=${encodeURIComponent(target)}` : path;
}
