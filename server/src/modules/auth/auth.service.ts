import { randomUUID } from 'node:crypto';
import {
  ACCOUNTS_PAGE_DEFAULT,
  type AccountsQuery,
  type LoginBody,
  type LoginResponse,
} from '@clinic/contract/auth';
import { PATIENT_SESSION_MS, STAFF_SESSION_MS } from '@clinic/contract/constants';
import { MSG, msg } from '@clinic/contract/messages';
import { normalizeRole, type Role } from '@clinic/contract/roles';
import type { AppContext } from '../../app-context';
import type { AccountNamer } from '../../platform/audit';
import type { Actor } from '../../platform/auth/actor';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import {
  AppError,
  badRequest,
  conflict,
  notFound,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
  tooManyRequests,
} from '../../platform/errors';
import { pageByCursor, textCursor } from '../../platform/key-paging';
import { createAuthRepository } from './auth.repository';

/** Which sign-in page a login came through: patients only at theirs, staff only at theirs. */
export type LoginDoor = 'patient' | 'staff';

const STAFF_ACCOUNT_ROLES: readonly Role[] = ['ADMIN', 'MANAGER', 'FRONTDESK', 'DOCTOR'];

const loginFailed = () => new AppError(401, 'invalid_credentials', MSG.loginFailed);

export function createAuthService(ctx: AppContext) {
  const repo = createAuthRepository(ctx.db);

  function parseStaffRole(input: string): Role {
    const role = normalizeRole(input);
    if (!role || !STAFF_ACCOUNT_ROLES.includes(role)) {
      throw badRequest('role must be ADMIN, MANAGER, FRONTDESK or DOCTOR');
    }
    return role;
  }

  async function findAccount(username: string) {
    const user = await repo.findUserByUsername(username.trim());
    if (!user) throw notFound(`Account "${username}" not found`);
    return user;
  }

  return {
    async login(
      door: LoginDoor,
      body: LoginBody,
      client: { ip: string; userAgent: string | null },
      nameAccount: AccountNamer = () => {},
    ): Promise<LoginResponse> {
      const username = body.username.trim();
      nameAccount({ userId: null, username, role: null });
      const waitMs = await ctx.loginThrottle.retryAfterMs(username, client.ip);
      if (waitMs > 0) throw tooManyRequests(msg.signInThrottled(waitMs / 1000), waitMs / 1000);
      const user = await repo.findUserByUsername(username);
      if (user)
        nameAccount({
          userId: user.id,
          username: user.username,
          role: normalizeRole(user.role) ?? user.role,
        });
      // Hash even for an unknown user, so the answer time does not reveal which usernames exist.
      const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), body.password);
      const rightDoor = user != null && (door === 'patient') === (user.role === 'PATIENT');
      if (!user || !valid || !rightDoor) {
        await ctx.loginThrottle.recordFailure(username, client.ip);
        throw loginFailed();
      }
      await ctx.loginThrottle.recordSuccess(username, client.ip);

      const role = normalizeRole(user.role) as Role;
      const sessionId = randomUUID();
      const expiresAt = new Date(Date.now() + (role === 'PATIENT' ? PATIENT_SESSION_MS : STAFF_SESSION_MS));
      await repo.createSession({ id: sessionId, userId: user.id, expiresAt, ...client });
      const token = await ctx.tokens.sign(
        {
          sub: String(user.id),
          sid: sessionId,
          role,
          username: user.username,
          ...(user.patient_id != null ? { pid: user.patient_id } : {}),
          ...(user.doctor_id != null ? { did: user.doctor_id } : {}),
        },
        expiresAt,
      );
      return {
        token,
        username: user.username,
        role,
        expiresAt: expiresAt.toISOString(),
        ...(user.patient_id != null ? { patientId: user.patient_id } : {}),
        ...(user.doctor_id != null ? { doctorId: user.doctor_id } : {}),
      };
    },

    async logout(actor: Actor) {
      await repo.revokeSession(actor.sessionId);
      // Every instance drops it when the database announces it; this one need not wait for that.
      ctx.sessions.forget(actor.sessionId);
    },

    /** A user may read their own role; an admin anyone's. Others get 404 (no probing for usernames). */
    async getRole(actor: Actor, username: string) {
      const isSelf = actor.username.toLowerCase() === username.trim().toLowerCase();
      if (!isSelf && actor.role !== 'ADMIN') throw notFound(`Account "${username}" not found`);
      const user = await findAccount(username);
      return { username: user.username, role: normalizeRole(user.role) as Role };
    },

    async listAccounts(query: AccountsQuery) {
      const page = await pageByCursor(
        query,
        textCursor,
        (after, take) => repo.listStaffAccounts(after, take),
        (row) => row.username,
        ACCOUNTS_PAGE_DEFAULT,
      );
      return { ...page, items: page.items.map(toAccount) };
    },

    async register(body: { username: string; password: string; role: string }) {
      const role = parseStaffRole(body.role);
      const passwordHash = await hashPassword(body.password);
      try {
        return toAccount(await repo.insertUser({ username: body.username.trim(), passwordHash, role }));
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict(MSG.duplicateUsername);
        throw error;
      }
    },

    async edit(body: { username: string; newPassword?: string | null; newRole?: string | null }) {
      const newPassword = body.newPassword?.length ? body.newPassword : undefined;
      const newRole = body.newRole?.trim() ? parseStaffRole(body.newRole) : undefined;
      if (!newPassword && !newRole) throw badRequest('Give a new password or a new role.');
      if (newPassword && newPassword.length < 8)
        throw badRequest('newPassword must be at least 8 characters');
      const user = await findAccount(body.username);
      if (user.role === 'PATIENT' && newRole)
        throw badRequest('A patient account cannot be given a staff role.');
      const result = await repo.updateAccount(user.id, {
        ...(newPassword ? { passwordHash: await hashPassword(newPassword) } : {}),
        ...(newRole ? { role: newRole } : {}),
      });
      if (result === 'last-admin') throw conflict('The last ADMIN account cannot lose its role.');
      await ctx.sessions.sync(); // the revoked sessions are refused here from the answer on
      return { username: user.username, role: newRole ?? (normalizeRole(user.role) as Role) };
    },

    async remove(username: string) {
      const user = await findAccount(username);
      const result = await repo.deleteAccount(user.id);
      if (result === 'last-admin') throw conflict('The last ADMIN account cannot be deleted.');
      await ctx.sessions.sync();
    },
  };
}

function toAccount(row: {
  id: number;
  username: string;
  role: string;
  doctor_id: number | null;
  patient_id: number | null;
  created_at: Date;
}) {
  return {
    id: row.id,
    username: row.username,
    role: normalizeRole(row.role) as Role,
    doctorId: row.doctor_id,
    patientId: row.patient_id,
    createdAt: row.created_at.toISOString(),
  };
}
