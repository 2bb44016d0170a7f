import { type Static, Type } from 'typebox';

/**
 * The mail outbox (docs/architecture.md, Mail; ADMIN): every e-mail and text the app sent or keeps waiting, newest first.
 * GET /api/mail/outbox?limit=&unsent= answers a plain array of at most MAIL_OUTBOX_PAGE_MAX.
 */
export const MAIL_OUTBOX_PAGE_MAX = 200;

/** How a message left: an e-mail (`to` is an address, with a subject) or a text (`to` is a phone number). */
export const MAIL_OUTBOX_CHANNELS = ['email', 'sms'] as const;
export type MailOutboxChannel = (typeof MAIL_OUTBOX_CHANNELS)[number];

export const MailOutboxQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAIL_OUTBOX_PAGE_MAX })),
  unsent: Type.Optional(Type.Boolean()),
});
export type MailOutboxQuery = Static<typeof MailOutboxQuery>;

export const MailOutboxMessage = Type.Object({
  id: Type.Integer(),
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
  to: Type.String(),
  /** Empty for a text, which has none. */
  subject: Type.String(),
  text: Type.String(),
  createdAt: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
});
export type MailOutboxMessage = Static<typeof MailOutboxMessage>;

export const MailOutboxMessages = Type.Array(MailOutboxMessage, { maxItems: MAIL_OUTBOX_PAGE_MAX });
