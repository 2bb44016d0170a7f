import { INACTIVITY_LOGOUT_MS, SESSION_TOUCH_INTERVAL_MS } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import { canAny, type Permission, type RouteAccess } from '@clinic/contract/permissions';
import { normalizeRole } from '@clinic/contract/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { Actor } from './auth/actor';
import type { SessionCache } from './auth/session-cache';
import type { TokenService } from './auth/tokens';
import { forbidden, notFound, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every /api route names what it requires; a route without one refuses to register. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every /api route with the access it declared, for the route-table test and the docs. */
    routeAccessTable: RouteAccessEntry[];
  }
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

export function permissionsOf(access: RouteAccess): readonly Permission[] {
  return typeof access === 'string' ? [access as Permission] : access;
}

/**
 * Deny by default: refuses to register an /api route that does not declare its access, then checks each
 * request's bearer token, its session row and the route's permission before anything else runs.
 */
export function registerAccessControl(
  app: FastifyInstance,
  db: Database,
  tokens: TokenService,
  sessions: SessionCache,
) {
  app.decorateRequest('actor', null);
  const table: RouteAccessEntry[] = [];
  app.decorate('routeAccessTable', table);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...(route.config ?? {}), access: 'public' };
      return;
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) table.push({ method, url: route.url, access: route.config?.access });
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare its access (config.access)`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return; // static files and the SPA fallback
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (token) request.actor = await resolveActor(db, tokens, sessions, token);
    if (access === 'public') return;
    if (!request.actor) throw unauthorized(token ? MSG.sessionExpired : MSG.unauthorized);
    if (access === 'authenticated') return;
    if (!canAny(request.actor.role, permissionsOf(access))) throw forbidden();
  });
}

/**
 * Server-side inactivity expiry (spec §4, §9): a session unused for the web app's logout time is refused.
 * Its use is recorded at most once a minute, so the refusal comes between 5 and 6 minutes after the
 * last call: never before the web app's own 5-minute logout
 * (docs/decisions/0019-session-inactivity-on-the-server.md).
 */
const IDLE_LIMIT_SECONDS = (INACTIVITY_LOGOUT_MS + SESSION_TOUCH_INTERVAL_MS) / 1000;
const TOUCH_INTERVAL_SECONDS = SESSION_TOUCH_INTERVAL_MS / 1000;

/** Records that a session was used; a no-op (no write) while the last record is under a minute old. */
async function touchSession(db: Database, sessionId: string) {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('last_seen_at', '<', sql<Date>`now() - make_interval(secs => ${TOUCH_INTERVAL_SECONDS})`)
    .execute();
}

async function resolveActor(
  db: Database,
  tokens: TokenService,
  sessions: SessionCache,
  token: string,
): Promise<Actor | null> {
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const userId = Number(claims.sub);
  if (!Number.isInteger(userId)) return null;
  const remembered = sessions.get(claims.sid);
  if (remembered) return remembered.actor.userId === userId ? remembered.actor : null;
  const epoch = sessions.epoch();
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id',
      'users.username',
      'users.role',
      'users.patient_id',
      'users.doctor_id',
      'sessions.id as sid',
      'sessions.last_seen_at',
      'sessions.expires_at',
    ])
    .where('sessions.id', '=', claims.sid)
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where('sessions.last_seen_at', '>', sql<Date>`now() - make_interval(secs => ${IDLE_LIMIT_SECONDS})`)
    .executeTakeFirst();
  if (!row) return null;
  let lastSeenAt = row.last_seen_at.getTime();
  if (Date.now() - lastSeenAt >= SESSION_TOUCH_INTERVAL_MS) {
    await touchSession(db, row.sid);
    lastSeenAt = Date.now();
  }
  const role = normalizeRole(row.role);
  if (!role) return null;
  const actor: Actor = {
    userId: row.id,
    username: row.username,
    role,
    patientId: row.patient_id,
    doctorId: row.doctor_id,
    sessionId: row.sid,
  };
  sessions.put(epoch, { actor, expiresAt: row.expires_at.getTime(), lastSeenAt });
  return actor;
}

/** The caller of a route that requires sign-in (the access hook has already refused anonymous calls). */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * Record check for patient-owned data: staff with the ':any' permission reach every patient, a PATIENT
 * only their own record. Anything else is 404, never "exists but forbidden".
 */
export function assertPatientAccess(
  actor: Actor,
  patientId: number,
  anyPermission: Permission = 'patient:read:any',
) {
  if (!canReachPatient(actor, patientId, anyPermission)) throw notFound();
}

/**
 * The test behind assertPatientAccess, for a module whose refusal must read exactly like its own "not
 * found" answer (so that the two cannot be told apart).
 */
export function canReachPatient(
  actor: Actor,
  patientId: number,
  anyPermission: Permission = 'patient:read:any',
): boolean {
  if (canAny(actor.role, [anyPermission])) return true;
  return actor.role === 'PATIENT' && actor.patientId === patientId;
}

/** The patient id a PATIENT is confined to, or null for staff who may reach any. */
export function ownPatientScope(actor: Actor): number | null {
  return actor.role === 'PATIENT' ? actor.patientId : null;
}
