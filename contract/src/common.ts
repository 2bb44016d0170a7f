import { type Static, Type } from 'typebox';

/** Every error answer: a stable code and a message for people. */
export const ErrorResponse = Type.Object(
  {
    error: Type.String(),
    message: Type.String(),
    action: Type.Optional(Type.String()),
  },
  { $id: 'ErrorResponse' },
);
export type ErrorResponse = Static<typeof ErrorResponse>;

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
