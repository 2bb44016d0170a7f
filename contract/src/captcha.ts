import { type Static, Type } from 'typebox';

/** The captcha calls of spec §7 (POST /api/patientinfo/captcha/new and /verify). */
export const CaptchaType = Type.Union([
  Type.Literal('rotate'),
  Type.Literal('slider'),
  Type.Literal('click'),
]);
export type CaptchaType = Static<typeof CaptchaType>;

export const CaptchaNewBody = Type.Object({
  /** Names the calling app; informational (docs/decisions/0020-captcha.md). */
  appKey: Type.Optional(Type.String({ maxLength: 100 })),
  /** Asks for one kind; the server picks one at random without it. */
  type: Type.Optional(CaptchaType),
});
export type CaptchaNewBody = Static<typeof CaptchaNewBody>;

export const CaptchaPayload = Type.Object({
  width: Type.Integer(),
  height: Type.Integer(),
  hint: Type.String(),
  imageUrl: Type.String(),
  /** slider only: where the piece travels (its top edge) and its size, in picture pixels. */
  piece: Type.Optional(Type.Object({ y: Type.Integer(), size: Type.Integer() })),
});
export type CaptchaPayload = Static<typeof CaptchaPayload>;

export const CaptchaChallenge = Type.Object({
  challengeId: Type.String(),
  hmac: Type.String(),
  type: CaptchaType,
  payload: CaptchaPayload,
  /** Only outside production with CAPTCHA_TEST_SOLUTIONS=1: the solution, for browser tests. */
  testSolution: Type.Optional(
    Type.Object({
      angle: Type.Optional(Type.Number()),
      x: Type.Optional(Type.Number()),
      y: Type.Optional(Type.Number()),
    }),
  ),
});
export type CaptchaChallenge = Static<typeof CaptchaChallenge>;

export const CaptchaVerifyBody = Type.Object({
  challengeId: Type.String({ format: 'uuid' }),
  hmac: Type.String({ minLength: 1, maxLength: 200 }),
  /** rotate: clockwise degrees, 0 to 359 (360 is read as 0). */
  angle: Type.Optional(Type.Number({ minimum: 0, maximum: 360 })),
  /** slider: the piece's left edge; click: the point, with y. */
  x: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000 })),
  y: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000 })),
});
export type CaptchaVerifyBody = Static<typeof CaptchaVerifyBody>;

export const CaptchaVerifyQuery = Type.Object({
  /** debug=1: a failure also says why (never the solution). */
  debug: Type.Optional(Type.String({ maxLength: 5 })),
});

export const CaptchaVerifyResponse = Type.Object({ success: Type.Boolean() });

/** Why a verification failed (sent as `reason` with debug=1). */
export const CAPTCHA_FAILURE_REASONS = [
  'not_found',
  'bad_signature',
  'expired',
  'already_used',
  'wrong_answer',
] as const;
export type CaptchaFailureReason = (typeof CAPTCHA_FAILURE_REASONS)[number];

export const CaptchaImageParams = Type.Object({
  file: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.png$' }),
});
