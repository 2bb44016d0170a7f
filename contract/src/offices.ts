import { type Static, Type } from 'typebox';
import { BoundedList, NonBlank, PageLimit } from './common';

/** Optional text that a client may also send as null (a record sent back as it was received). */
const OptionalText = (maxLength: number) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

/**
 * An office as the spec's calls send it (§3 Office), plus its IANA time zone (docs/architecture.md, principle
 * 6): office hours, appointment dates and the office's "today" are local to it.
 */
export const Office = Type.Object({
  officeId: Type.Integer(),
  officeName: Type.String(),
  address: Type.String(),
  description: Type.String(),
  phoneNumber: Type.String(),
  email: Type.String(),
  officeKey: Type.Union([Type.String(), Type.Null()]),
  /** Comma-separated image file names in the 'office' image folder; the first is the card's preview. */
  officeImage: Type.String(),
  timeZone: Type.String({ description: "IANA zone, e.g. 'America/Chicago'" }),
});
export type Office = Static<typeof Office>;

export const OfficeLimits = {
  officeName: 120,
  address: 300,
  description: 4000,
  phoneNumber: 40,
  email: 200,
  officeKey: 40,
  officeImage: 4000,
  timeZone: 64,
} as const;

/** POST /office/add. */
export const OfficeAddBody = Type.Object({
  officeName: NonBlank({ maxLength: OfficeLimits.officeName }),
  address: OptionalText(OfficeLimits.address),
  description: OptionalText(OfficeLimits.description),
  phoneNumber: OptionalText(OfficeLimits.phoneNumber),
  email: OptionalText(OfficeLimits.email),
  officeKey: OptionalText(OfficeLimits.officeKey),
  officeImage: OptionalText(OfficeLimits.officeImage),
  timeZone: NonBlank({ maxLength: OfficeLimits.timeZone }),
});
export type OfficeAddBody = Static<typeof OfficeAddBody>;

/** PUT /office/update/{id}: the fields sent are changed, the others kept. Images have their own call. */
export const OfficeUpdateBody = Type.Object({
  officeName: Type.Optional(NonBlank({ maxLength: OfficeLimits.officeName })),
  address: OptionalText(OfficeLimits.address),
  description: OptionalText(OfficeLimits.description),
  phoneNumber: OptionalText(OfficeLimits.phoneNumber),
  email: OptionalText(OfficeLimits.email),
  officeKey: OptionalText(OfficeLimits.officeKey),
  timeZone: Type.Optional(NonBlank({ maxLength: OfficeLimits.timeZone })),
});
export type OfficeUpdateBody = Static<typeof OfficeUpdateBody>;

/** The most pictures an office has. */
export const OFFICE_IMAGES_MAX = 50;
const ImageNames = Type.Array(Type.String({ maxLength: 300 }), { maxItems: OFFICE_IMAGES_MAX });
export const OfficeImageList = BoundedList(Type.String(), OFFICE_IMAGES_MAX);

/**
 * PUT /office/{id}/update/images: the office's whole image list, as a list of file names, or as
 * { officeImage: 'a.jpg,b.jpg' } (or a list there), or { images: [...] }.
 */
export const OfficeImagesBody = Type.Union([
  ImageNames,
  Type.Object({
    officeImage: Type.Union([Type.String({ maxLength: OfficeLimits.officeImage }), ImageNames]),
  }),
  Type.Object({ images: ImageNames }),
]);
export type OfficeImagesBody = Static<typeof OfficeImagesBody>;

export const OfficeSearchQuery = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 200 })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  name: Type.Optional(Type.String({ maxLength: 200 })),
});
export type OfficeSearchQuery = Static<typeof OfficeSearchQuery>;

/** §3 Office hours. `incraments` is the spec's spelling on the wire. */
export const OfficeHours = Type.Object({
  id: Type.Integer(),
  officeId: Type.Integer(),
  date: Type.String({ description: 'office-local yyyy-mm-dd' }),
  /** The weekday name on open days, 'Closed' on closed days. */
  dayOfWeek: Type.String(),
  openHour: Type.Union([Type.String({ description: 'HH:MM' }), Type.Null()]),
  closeHour: Type.Union([Type.String({ description: 'HH:MM' }), Type.Null()]),
  incraments: Type.Integer({ description: 'appointments per 30 minutes' }),
});
export type OfficeHours = Static<typeof OfficeHours>;

export const INCREMENTS_MAX = 50;
const Increments = Type.Optional(
  Type.Union([Type.Integer({ minimum: 1, maximum: INCREMENTS_MAX }), Type.Null()]),
);
const HourText = Type.Optional(Type.Union([Type.String({ maxLength: 12 }), Type.Null()]));

/**
 * POST /office-hours/save: one office-local day, upserted per (office, date). `incraments` is also read
 * as `increments` or `increment` (default 1). 00:00 to 00:00, or dayOfWeek 'closed', is a Closed day.
 */
export const OfficeHoursSaveBody = Type.Object({
  officeId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  date: Type.String({ minLength: 1, maxLength: 40, description: 'yyyy-mm-dd or ISO with time' }),
  dayOfWeek: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
  openHour: HourText,
  closeHour: HourText,
  incraments: Increments,
  increments: Increments,
  increment: Increments,
});
export type OfficeHoursSaveBody = Static<typeof OfficeHoursSaveBody>;

export const OFFICE_HOURS_RANGE_MAX_DAYS = 366;

/**
 * POST /office-hours/save-range (ours, beside the spec's save): the same hours for every chosen weekday
 * from startDate to endDate inclusive, in one transaction.
 */
export const OfficeHoursRangeBody = Type.Object({
  officeId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  startDate: Type.String({ minLength: 1, maxLength: 40 }),
  endDate: Type.String({ minLength: 1, maxLength: 40 }),
  /** Weekday names (Monday ...); omitted or empty: every day. */
  weekdays: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 7 })),
  dayOfWeek: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
  openHour: HourText,
  closeHour: HourText,
  incraments: Increments,
  increments: Increments,
  increment: Increments,
});
export type OfficeHoursRangeBody = Static<typeof OfficeHoursRangeBody>;

export const OfficeHoursRangeResult = Type.Object({
  saved: Type.Integer(),
  hours: Type.Array(OfficeHours),
});

/** The most offices a list holds (a network of a hundred offices, with room to grow). */
export const OFFICES_MAX = 500;
/** The most offices a search finds. */
export const OFFICE_SEARCH_MAX = 200;
/** The most stored days one office's hours list holds (more than a year); ask with from and to. */
export const OFFICE_HOURS_LIST_MAX = 400;
/** The page of every office's hours (GET /office-hours/all), oldest row first. */
export const OFFICE_HOURS_PAGE_MAX = 500;
export const OfficeHoursAllQuery = Type.Object({
  limit: PageLimit(OFFICE_HOURS_PAGE_MAX),
  after: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
});
export type OfficeHoursAllQuery = Static<typeof OfficeHoursAllQuery>;

export const OfficeHoursListQuery = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 40 })),
  to: Type.Optional(Type.String({ maxLength: 40 })),
});

export const OfficeHoursDateParams = Type.Object({
  officeId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  date: Type.String({ minLength: 1, maxLength: 40 }),
});

export const OfficeIdParams = Type.Object({ officeId: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

export const OfficeHoursValidateQuery = Type.Object({
  officeId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  date: Type.String({ minLength: 1, maxLength: 40 }),
  time: Type.String({ minLength: 1, maxLength: 12 }),
});
export type OfficeHoursValidateQuery = Static<typeof OfficeHoursValidateQuery>;

/** GET /office-hours/validate: whether the office takes an appointment starting at that local time. */
export const OfficeHoursValidation = Type.Object({
  officeId: Type.Integer(),
  date: Type.String(),
  time: Type.String(),
  valid: Type.Boolean(),
  /** Why not, for people; null when valid. */
  reason: Type.Union([Type.String(), Type.Null()]),
  openHour: Type.Union([Type.String(), Type.Null()]),
  closeHour: Type.Union([Type.String(), Type.Null()]),
});
export type OfficeHoursValidation = Static<typeof OfficeHoursValidation>;

export const OfficeList = BoundedList(Office, OFFICES_MAX);
export const OfficeSearchList = BoundedList(Office, OFFICE_SEARCH_MAX);
export const OfficeHoursOfOffice = BoundedList(OfficeHours, OFFICE_HOURS_LIST_MAX);
