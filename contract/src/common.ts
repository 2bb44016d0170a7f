import { type Static, type TSchema, Type } from 'typebox';

/**
 * Every error answer (server/src/platform/error-handler.ts): a stable code and a message for people, with the
 * status. A registration the server judges risky adds `action: 'captcha_required'` to its 403; a failed captcha
 * asked with `debug=1` adds its `reason`. A 429 says in its Retry-After header when to try again.
 */
export const ErrorBody = Type.Object({
  error: Type.String({ description: 'stable code, e.g. validation_failed, not_found, conflict' }),
  message: Type.String({ description: 'what went wrong, in words for people' }),
  action: Type.Optional(Type.Literal('captcha_required')),
  reason: Type.Optional(Type.String({ description: 'why a captcha answer failed (only with debug=1)' })),
});
export type ErrorBody = Static<typeof ErrorBody>;

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export type IdParams = Static<typeof IdParams>;

/** A required text field: after trimming it must not be empty. */
export const NonBlank = (options: { maxLength?: number; description?: string } = {}) =>
  Type.String({
    minLength: 1,
    pattern: '\\S',
    maxLength: options.maxLength ?? 200,
    description: options.description,
  });

export const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'yyyy-mm-dd' });
export const WallTime = Type.String({
  pattern: '^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?$',
  description: 'HH:MM',
});

/**
 * A list bounded by nature (one office's pictures, one patient's insurance records): its answer holds at
 * most `max` items, and its repository asks for no more (issue 13: every list is bounded).
 */
export const BoundedList = <T extends TSchema>(item: T, max: number) => Type.Array(item, { maxItems: max });

/** The page size of a key-paged list: at most `max` (its default is the route's). */
export const PageLimit = (max: number) => Type.Optional(Type.Integer({ minimum: 1, maximum: max }));

/** The query of a list paged by an opaque key: `limit` up to `max`, `cursor` from the previous page's `Link`. */
export const CursorPageQuery = (max: number) =>
  Type.Object({ limit: PageLimit(max), cursor: Type.Optional(Type.String({ maxLength: 400 })) });
