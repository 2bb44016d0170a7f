import { type Static, Type } from 'typebox';
import { CursorPageQuery, NonBlank } from './common';

export const LoginBody = Type.Object({
  username: NonBlank({ maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export type LoginBody = Static<typeof LoginBody>;

export const RoleName = Type.Union([
  Type.Literal('ADMIN'),
  Type.Literal('MANAGER'),
  Type.Literal('FRONTDESK'),
  Type.Literal('DOCTOR'),
  Type.Literal('PATIENT'),
]);

export const LoginResponse = Type.Object({
  token: Type.String(),
  username: Type.String(),
  role: RoleName,
  /** ISO instant at which the token and its session end. */
  expiresAt: Type.String(),
  patientId: Type.Optional(Type.Integer()),
  doctorId: Type.Optional(Type.Integer()),
});
export type LoginResponse = Static<typeof LoginResponse>;

export const CheckAuthResponse = Type.Object({
  authenticated: Type.Boolean(),
  username: Type.Optional(Type.String()),
  role: Type.Optional(RoleName),
});

export const RoleResponse = Type.Object({ username: Type.String(), role: RoleName });

/** Staff accounts only: a PATIENT account is created by patient registration, with its patient record. */
export const RegisterAccountBody = Type.Object({
  username: Type.String({ minLength: 3, maxLength: 50, pattern: '^[A-Za-z0-9._@-]+$' }),
  password: Type.String({ minLength: 8, maxLength: 200 }),
  role: Type.String({ description: "ADMIN, MANAGER, FRONTDESK (also 'FRONT DESK') or DOCTOR" }),
});
export type RegisterAccountBody = Static<typeof RegisterAccountBody>;

export const EditAccountBody = Type.Object({
  username: NonBlank({ maxLength: 50 }),
  newPassword: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  newRole: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type EditAccountBody = Static<typeof EditAccountBody>;

export const Account = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  role: RoleName,
  doctorId: Type.Union([Type.Integer(), Type.Null()]),
  patientId: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String(),
});
export type Account = Static<typeof Account>;

/** The staff accounts list: by username, a page at a time (issue 13). */
export const ACCOUNTS_PAGE_MAX = 200;
export const ACCOUNTS_PAGE_DEFAULT = 100;
export const AccountsQuery = CursorPageQuery(ACCOUNTS_PAGE_MAX);
export type AccountsQuery = Static<typeof AccountsQuery>;

export const UsernameParams = Type.Object({ user: NonBlank({ maxLength: 100 }) });
