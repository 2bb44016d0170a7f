import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { AuditLogTable, DB } from '../db/schema';
import { createAuditWriter } from './audit-writer';
import type { Actor } from './auth/actor';
import { internalErrorBody } from './error-handler';

export type AuditAction = AuditLogTable['action'];

/** Declared on a route (config.audit) whose calls read or write patient data. */
export interface RouteAudit {
  action: AuditAction;
  resource: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: RouteAudit;
  }
  interface FastifyRequest {
    /** The patient whose data the call touched, set by the route once it knows (see auditPatient). */
    auditPatientId?: number | null;
    auditResourceId?: string | null;
    /** Set when a service wrote the call's audit row inside its own transaction (see auditTrailOf). */
    auditTrail?: AuditTrail;
    /** The account a call without a signed-in actor is about: a sign-in or a password reset (see auditAccount). */
    auditAccount?: AuditAccount;
    /** Set by a write that found nothing to change: the hook's row records the call. */
    auditUnchanged?: boolean;
    /** The patients a bulk read's answer names, read before it was serialised (undefined: not read yet). */
    auditPatientIds?: number[] | null;
  }
}

/**
 * Who is acting, for a service that writes its audit row in the same transaction as the change it
 * records (docs/architecture.md, Audit integrity): the row commits with the change or not at all.
 */
export interface AuditTrail {
  actor: Actor | null;
  ip: string;
  requestId: string;
  /** True once a row was written; when the call then succeeds the route's onResponse row is not written. */
  written: boolean;
}

export function auditTrailOf(request: FastifyRequest): AuditTrail {
  request.auditTrail ??= { actor: request.actor, ip: request.ip, requestId: request.id, written: false };
  return request.auditTrail;
}

/** One audit row, written with `db`: pass the transaction of the change it records. */
export async function writeAuditRow(
  db: Kysely<DB>,
  trail: AuditTrail,
  entry: {
    action: AuditAction;
    resource: string;
    resourceId: string | number | null;
    patientId: number | null;
    /** The patients of a bulk read (audit_log.patient_ids), at most PATIENT_IDS_MAX. */
    patientIds?: readonly number[];
  },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: trail.actor?.userId ?? null,
      actor_username: trail.actor?.username ?? null,
      actor_role: trail.actor?.role ?? null,
      action: entry.action,
      resource: entry.resource,
      resource_id: entry.resourceId === null ? null : String(entry.resourceId),
      patient_id: entry.patientId,
      patient_ids: entry.patientIds && entry.patientIds.length > 0 ? [...entry.patientIds] : null,
      outcome: 'success',
      ip: trail.ip,
      request_id: trail.requestId,
    })
    .execute();
  trail.written = true;
}

/**
 * The account a sign-in or password reset is about, for a call made before anyone is signed in: the username
 * that was tried (known or not), and the account it names when there is one. Never the password or code.
 */
export interface AuditAccount {
  userId: number | null;
  username: string;
  role: string | null;
}

/** Usernames are at most 100 characters on the wire; a row keeps no more than that of what was typed. */
const AUDIT_USERNAME_MAX = 100;
/** The most of a value the caller sent (the record a path asked for) that a row keeps. */
const AUDIT_TEXT_MAX = 200;
/** Marks a value cut to fit. */
const CUT_MARK = '…';

/** One character of a value the caller sent, as a row keeps it (see auditText). */
function auditChar(char: string): string {
  if (char === '\\') return '\\\\';
  if (char.length > 1) return char;
  const code = char.charCodeAt(0);
  const unsafe = code < 0x20 || code === 0x7f || (code >= 0xd800 && code <= 0xdfff);
  return unsafe ? `\\u${code.toString(16).padStart(4, '0')}` : char;
}

/**
 * A value the caller sent, as an audit row keeps it (docs/decisions/0057). PostgreSQL text cannot hold a NUL
 * character, so a row naming `/api/patientinfo/%00` could not be written and the refused call left no trace:
 * control characters (NUL among them) and unpaired surrogates are written as `\u0000`-style escapes, and the
 * backslash itself as `\\`, so that an escape cannot be forged; a value longer than `max` is cut, its end
 * marked with '…'.
 */
export function auditText(value: string, max = AUDIT_TEXT_MAX): string {
  let kept = '';
  /** How much of `kept` fits with the mark after it. */
  let fits = 0;
  for (const char of value) {
    const piece = auditChar(char);
    if (kept.length + piece.length > max) return `${kept.slice(0, fits)}${CUT_MARK}`;
    kept += piece;
    if (kept.length <= max - CUT_MARK.length) fits = kept.length;
  }
  return kept;
}

/** Names the account of the call's audit row (used when no one is signed in yet). */
export function auditAccount(request: FastifyRequest, account: AuditAccount) {
  request.auditAccount = { ...account, username: auditText(account.username, AUDIT_USERNAME_MAX) };
}

/** Names the account of the call's audit row, for a service that finds out who it is. */
export type AccountNamer = (account: AuditAccount) => void;

export function accountNamerOf(request: FastifyRequest): AccountNamer {
  return (account) => auditAccount(request, account);
}

/** Names the patient (and record) a call is about, for its audit row. */
export function auditPatient(
  request: FastifyRequest,
  patientId: number | null,
  resourceId?: string | number,
) {
  request.auditPatientId = patientId;
  if (resourceId !== undefined) request.auditResourceId = String(resourceId);
}

/** Names the patient of the call's audit row, for a service that finds out who it is. */
export type PatientNamer = (patientId: number) => void;

export function patientNamerOf(request: FastifyRequest): PatientNamer {
  return (patientId) => auditPatient(request, patientId);
}

/**
 * What a service needs to audit a write: a way to name the patient as soon as it knows them (so that the
 * hook's row for a refused or failed write names them too), and the row it commits with the change.
 */
export interface WriteAudit {
  namePatient: PatientNamer;
  /** Writes the call's row (the route's declared action and resource) with `db`: the change's transaction. */
  commit(db: Kysely<DB>, resourceId: string | number, patientId: number | null): Promise<void>;
  /** Says that the call changed nothing (asked for what already was): no transaction, the hook's row records it. */
  unchanged(): void;
}

/** Writes a change's audit row with the change's own transaction (a repository calls it last, inside it). */
export type CommitAudit = (trx: Kysely<DB>) => Promise<void>;

/** The WriteAudit of a route that declares `config.audit`. */
export function writeAuditOf(request: FastifyRequest): WriteAudit {
  const declared = request.routeOptions.config.audit;
  if (!declared) throw new Error(`${request.routeOptions.url} declares no audit (config.audit)`);
  const namePatient = patientNamerOf(request);
  return {
    namePatient,
    async commit(db, resourceId, patientId) {
      if (patientId !== null) namePatient(patientId);
      await writeAuditRow(db, auditTrailOf(request), { ...declared, resourceId, patientId });
    },
    unchanged() {
      request.auditUnchanged = true;
    },
  };
}

/** The audit declarations of a resource's routes: `config: { audit: auditOf.read }` and so on. */
export function routeAuditsOf(resource: string) {
  return {
    read: { action: 'read', resource },
    create: { action: 'create', resource },
    update: { action: 'update', resource },
    delete: { action: 'delete', resource },
  } as const satisfies Record<string, RouteAudit>;
}

/**
 * Writes, with `db`, a row naming the patients of one page of a streamed answer (a CSV export), before that
 * page goes out. The hook reads the patients off a JSON answer, but cannot read a stream: a route that
 * streams names each page's patients itself (issue 12). Nothing is written for a page that names no one.
 */
export type AuditStreamedPage = (db: Kysely<DB>, patientIds: Iterable<number>) => Promise<void>;

/** The AuditStreamedPage of a reading route that declares `config.audit`. Its call's own row is the hook's. */
export function streamedPageAuditOf(request: FastifyRequest): AuditStreamedPage {
  const declared = request.routeOptions.config.audit;
  if (!declared) throw new Error(`${request.routeOptions.url} declares no audit (config.audit)`);
  // Its own trail: these rows are in addition to the call's row, which the hook still writes.
  const trail: AuditTrail = { actor: request.actor, ip: request.ip, requestId: request.id, written: false };
  return async (db, patientIds) => {
    const ids = [...new Set(patientIds)];
    for (let start = 0; start < ids.length; start += PATIENT_IDS_MAX) {
      await writeAuditRow(db, trail, {
        ...declared,
        resourceId: null,
        patientId: null,
        patientIds: ids.slice(start, start + PATIENT_IDS_MAX),
      });
    }
  };
}

/** Keys under which an answer names a patient (the spec's spellings vary). */
const PATIENT_ID_KEY = /^patient_?id$/i;
/** The most patients one row names (audit_log_patient_ids_bounded); a list route's page is well below it. */
const PATIENT_IDS_MAX = 1000;

/**
 * The patients whose data a bulk read returned: the patient ids of the items of an array answer, or of a
 * numbered page's `items`. Read off the answer itself, for every list route at once, so that a new list
 * cannot forget to name them: the answer before it is serialised (preSerialization), or a JSON text a route
 * sent as it is. Streamed answers (CSV exports) are not read here.
 */
export function patientIdsIn(payload: unknown): number[] | null {
  let items = payload;
  if (typeof payload === 'string') {
    if (!payload.startsWith('[') && !payload.startsWith('{')) return null;
    try {
      items = JSON.parse(payload);
    } catch {
      return null;
    }
  }
  // A numbered page ({ items, total, page, size }) returned the patients of its items.
  if (!Array.isArray(items) && items !== null && typeof items === 'object')
    items = (items as { items?: unknown }).items;
  if (!Array.isArray(items)) return null;
  const ids = new Set<number>();
  for (const item of items) {
    if (item === null || typeof item !== 'object') continue;
    for (const key in item) {
      if (!PATIENT_ID_KEY.test(key)) continue;
      const value = (item as Record<string, unknown>)[key];
      if (Number.isSafeInteger(value) && (value as number) > 0) ids.add(value as number);
    }
  }
  if (ids.size === 0) return null;
  return [...ids].slice(0, PATIENT_IDS_MAX);
}

/** A bulk read's payload is audited for the patients it names (read and search routes). */
const isBulkRead = (audit: RouteAudit | undefined) => audit?.action === 'read' || audit?.action === 'search';

/** The actions that change data: their rows are committed by the change's transaction, not by this hook. */
const WRITE_ACTIONS: ReadonlySet<AuditAction> = new Set(['create', 'update', 'delete']);

function outcomeOf(statusCode: number): AuditLogTable['outcome'] {
  if (statusCode < 400) return 'success';
  // 429: a throttled sign-in or reset is refused, like a wrong password, not an error of the server.
  if (statusCode === 401 || statusCode === 403 || statusCode === 429) return 'denied';
  if (statusCode === 404) return 'not_found';
  // What the caller sent was refused (bad input, a conflict); 'error' is kept for failures of the server.
  if (statusCode < 500) return 'refused';
  return 'error';
}

/**
 * The record a call asked for: the one its route named, else its `:id`; a call refused before its route named
 * one (bad input in the path) keeps what the path asked for, whatever its parameters are called.
 */
function resourceIdOf(request: FastifyRequest, statusCode: number): string | null {
  if (request.auditResourceId != null) return auditText(request.auditResourceId);
  const params = (request.params ?? {}) as Record<string, unknown>;
  if (params.id !== undefined) return auditText(String(params.id));
  if (statusCode < 400) return null;
  const asked = Object.values(params).map(String);
  return asked.length > 0 ? auditText(asked.join('/')) : null;
}

/** Headers of an answer that describe or carry its data: a withheld answer goes without them. */
const DATA_HEADERS = [
  'link',
  'x-total-count',
  'etag',
  'last-modified',
  'content-disposition',
  'content-length',
];

/**
 * Fail closed (issue 28, item 11): an answer whose audit row could not be written is not sent. The client gets
 * the app's 500 instead, without the answer's body or the headers that describe it; a streamed answer is
 * stopped before its first byte.
 */
function withheld(request: FastifyRequest, reply: FastifyReply, payload: unknown): string {
  if (payload instanceof Readable) payload.destroy();
  for (const name of DATA_HEADERS) reply.removeHeader(name);
  reply.code(500).type('application/json; charset=utf-8');
  return JSON.stringify(internalErrorBody(request.id));
}

/**
 * One audit row per call of an audited route, whatever its answer was: actor, role, action, resource,
 * patient id, outcome, client address and UTC time (docs/architecture.md, principle 7). Never the request or response body.
 * The row is written when the answer is ready and before it is sent (onSend), so that patient data never
 * leaves without its row, and a client that reads the audit log next finds it there; with the rows of the
 * calls that finish at the same time, in one INSERT (./audit-writer.ts).
 */
export function registerAuditHook(
  app: FastifyInstance,
  db: Database,
  options: { strictWrites: boolean } = { strictWrites: false },
) {
  // The rows of calls that finish together are written together (group commit: ./audit-writer.ts).
  const rows = createAuditWriter(db);
  // The patients of an answer are read off the objects about to be serialised: cheaper than parsing the
  // serialised text again. An answer sent as text (no serialisation) is read in onSend.
  app.addHook('preSerialization', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (
      request.auditPatientId == null &&
      reply.statusCode < 300 &&
      isBulkRead(request.routeOptions.config.audit)
    ) {
      request.auditPatientIds = patientIdsIn(payload);
    }
    return payload;
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const audit = request.routeOptions.config.audit;
    if (!audit) return payload;
    // An audited change must commit its row in its own transaction (writeAuditOf). One that succeeded without
    // doing so is a defect: outside production it fails the call, so every test of the route finds it.
    if (
      WRITE_ACTIONS.has(audit.action) &&
      reply.statusCode < 400 &&
      !request.auditTrail?.written &&
      !request.auditUnchanged
    ) {
      const problem = `${request.method} ${request.routeOptions.url} changed data without committing its audit row in the change's transaction`;
      if (options.strictWrites) throw new Error(problem);
      request.log.error(problem);
    }
    // A successful call whose service wrote its row in the change's transaction needs no second one; a
    // failed call's transaction rolled back, so its refusal or error is recorded here.
    if (request.auditTrail?.written && reply.statusCode < 400) return payload;
    const actor = request.actor
      ? { userId: request.actor.userId, username: request.actor.username, role: request.actor.role }
      : (request.auditAccount ?? null);
    const patientId = request.auditPatientId ?? null;
    const patientIds =
      patientId === null && reply.statusCode < 300 && isBulkRead(audit)
        ? request.auditPatientIds !== undefined
          ? request.auditPatientIds
          : patientIdsIn(payload)
        : null;
    try {
      await rows.write({
        actor_user_id: actor?.userId ?? null,
        actor_username: actor?.username ?? null,
        actor_role: actor?.role ?? null,
        action: audit.action,
        resource: audit.resource,
        resource_id: resourceIdOf(request, reply.statusCode),
        patient_id: patientId,
        patient_ids: patientIds,
        outcome: outcomeOf(reply.statusCode),
        // Undefined once the client has gone (the socket is closed).
        ip: request.ip ? auditText(request.ip) : null,
        request_id: request.id,
      });
    } catch (error) {
      // A refusal carries no one's data and goes out; an answer that does never leaves without its row.
      if (reply.statusCode >= 400) {
        request.log.error({ err: error }, 'audit row could not be written');
        return payload;
      }
      request.log.error({ err: error }, 'audit row could not be written: the answer is withheld');
      return withheld(request, reply, payload);
    }
    return payload;
  });
}
