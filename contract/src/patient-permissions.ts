import { type Static, Type } from 'typebox';
import { PageLimit } from './common';

/** The six opt-in flags of a patient's communication preferences (spec §3 Patient permissions). */
export const PREFERENCE_FLAGS = [
  'allowPromotionText',
  'allowPromotionEmail',
  'allowAppointmentReminderText',
  'allowAppointmentReminderEmail',
  'allowAuthorizationReminderText',
  'allowAuthorizationReminderEmail',
] as const;
export type PreferenceFlag = (typeof PREFERENCE_FLAGS)[number];

/** The columns update-column may change: the six flags and the contact e-mail and phone. */
export const PREFERENCE_COLUMNS = [...PREFERENCE_FLAGS, 'email', 'phone'] as const;
export type PreferenceColumn = (typeof PREFERENCE_COLUMNS)[number];

export const PatientPermissions = Type.Object({
  permissionId: Type.Integer(),
  patientId: Type.Integer(),
  email: Type.String(),
  phone: Type.String(),
  allowPromotionText: Type.Boolean(),
  allowPromotionEmail: Type.Boolean(),
  allowAppointmentReminderText: Type.Boolean(),
  allowAppointmentReminderEmail: Type.Boolean(),
  allowAuthorizationReminderText: Type.Boolean(),
  allowAuthorizationReminderEmail: Type.Boolean(),
});
export type PatientPermissions = Static<typeof PatientPermissions>;

const Flag = Type.Optional(Type.Boolean());
const ContactText = (maxLength: number) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

/**
 * Create or change preferences. Every field is optional (a missing one keeps its value, or its default on
 * create); permissionId and patientId may ride along when a client sends a record back, but the owner is
 * always the signed-in patient.
 */
export const PatientPermissionsBody = Type.Object({
  permissionId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  patientId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  email: ContactText(300),
  phone: ContactText(60),
  allowPromotionText: Flag,
  allowPromotionEmail: Flag,
  allowAppointmentReminderText: Flag,
  allowAppointmentReminderEmail: Flag,
  allowAuthorizationReminderText: Flag,
  allowAuthorizationReminderEmail: Flag,
});
export type PatientPermissionsBody = Static<typeof PatientPermissionsBody>;

export const UpdateColumnQuery = Type.Object({
  column: Type.String({ minLength: 1, maxLength: 64 }),
  value: Type.String({ maxLength: 300 }),
});
export type UpdateColumnQuery = Static<typeof UpdateColumnQuery>;

/** GET /patient-permissions/getall: by patient id, a page at a time (`after` the previous page's last patient). */
export const PERMISSIONS_PAGE_MAX = 500;
export const PermissionsListQuery = Type.Object({
  limit: PageLimit(PERMISSIONS_PAGE_MAX),
  after: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
});
export type PermissionsListQuery = Static<typeof PermissionsListQuery>;
