import { type Static, Type } from 'typebox';
import { BoundedList, IsoDate, NonBlank } from './common';

/**
 * The waitlist (issue 14; docs/decisions/0038): a patient waits for a full day at an office, with a doctor
 * or any doctor; when a place of that day frees up, the first waiting patient is offered it and the place is
 * held for them for WAITLIST_OFFER_MINUTES (never past the visit's start); then the next one is offered.
 */
export const WAITLIST_OFFER_MINUTES = 120;
/** How many days a patient may wait for at once. */
export const WAITLIST_MAX_OPEN = 10;
/** The most entries GET /api/waitlist/mine answers: the open ones and the latest closed ones. */
export const WAITLIST_MAX_LISTED = 30;

export const WaitlistStatusSchema = Type.Union([
  Type.Literal('waiting'),
  Type.Literal('offered'),
  Type.Literal('booked'),
  Type.Literal('expired'),
  Type.Literal('left'),
]);
export type WaitlistStatus = Static<typeof WaitlistStatusSchema>;

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const JoinWaitlistBody = Type.Object(
  {
    officeId: Id,
    /** null: any doctor of the office ('Not Sure'). */
    doctorId: Type.Union([Id, Type.Null()]),
    date: IsoDate,
    typeVisit: NonBlank({ maxLength: 100 }),
  },
  { additionalProperties: false },
);
export type JoinWaitlistBody = Static<typeof JoinWaitlistBody>;

export const WaitlistEntry = Type.Object({
  id: Type.Integer(),
  patientId: Type.Integer(),
  officeId: Type.Integer(),
  officeName: Type.String(),
  doctorId: Type.Union([Type.Integer(), Type.Null()]),
  /** The doctor's name, or null for any doctor. */
  doctorName: Type.Union([Type.String(), Type.Null()]),
  date: IsoDate,
  typeVisit: Type.String(),
  status: WaitlistStatusSchema,
  /** The office-local 'HH:MM' offered, while and after an offer. */
  offeredTime: Type.Union([Type.String(), Type.Null()]),
  /** Until when the offered place is held (ISO instant). */
  offerExpiresAt: Type.Union([Type.String(), Type.Null()]),
  appointmentId: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String(),
});
export type WaitlistEntry = Static<typeof WaitlistEntry>;

export const WaitlistList = BoundedList(WaitlistEntry, WAITLIST_MAX_LISTED);

export const AcceptOfferResponse = Type.Object({ appoinmentId: Type.Integer(), message: Type.String() });
export type AcceptOfferResponse = Static<typeof AcceptOfferResponse>;

export const WAITLIST_MESSAGES = {
  dayHasFreeTimes: 'There are still free times on this day: choose one of them instead.',
  alreadyWaiting: 'You are already on the waitlist for this day at this office.',
  tooMany: `You can wait for at most ${WAITLIST_MAX_OPEN} days at once. Leave one to join another.`,
  noHours: 'This office has no hours on that day.',
  offerGone: 'This offer is no longer open: it has expired or the time was taken.',
} as const;
