import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { APPOINTMENT_MESSAGE_KINDS } from '../src/modules/appointments/appointment-messages';
import { createAppointmentsRepository } from '../src/modules/appointments/appointments.repository';
import { createAuthRepository } from '../src/modules/auth/auth.repository';
import { createMessagesRepository } from '../src/modules/messages/messages.repository';
import { createPatientsRepository } from '../src/modules/patients/patients.repository';
import { createPatientPermissionsRepository } from '../src/modules/permissions/patient-permissions.repository';
import { createReceiptsRepository } from '../src/modules/points/receipts.repository';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 13: every list query of the tables that grow with the network (patients, appointments) is served by an
 * index. Each repository list function runs once through a database handle that records the SQL it sends; each
 * recorded query is then EXPLAINed with sequential scans priced out, so a plan that still reads a whole table
 * (no index could serve it) says `Seq Scan`. The demo database is small: the plan, not the time, is the test.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A handle on the test database that records every query it compiles. */
function recording(db: Database): { db: Database; queries: CompiledQuery[] } {
  const queries: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      queries.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), queries };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

async function planOf(query: CompiledQuery): Promise<PlanNode> {
  return t.database.db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
    const result = await trx.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
    );
    const raw = Object.values(result.rows[0] ?? {})[0];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    return parsed[0]!.Plan;
  });
}

/** The tables that grow with the network: a list may never read one whole. */
const GROWING = new Set(['patients', 'appointments', 'users', 'receipts', 'patient_permissions', 'jobs']);

/**
 * The scans of growing tables that read the whole table: a sequential scan, or an index scan with no index
 * condition that is not walking an index in the answer's order under a LIMIT (which stops after one page).
 */
function wholeTableReads(node: PlanNode, underLimit = false): string[] {
  const limited = underLimit || node['Node Type'] === 'Limit';
  const relation = node['Relation Name'];
  const found: string[] = [];
  if (relation && GROWING.has(relation)) {
    const type = node['Node Type'];
    if (type === 'Seq Scan') found.push(`${type} on ${relation}`);
    if ((type === 'Index Scan' || type === 'Index Only Scan') && !node['Index Cond'] && !limited) {
      found.push(`${type} on ${relation} without a condition or a limit`);
    }
  }
  if (node['Node Type'] === 'Bitmap Index Scan' && !node['Index Cond'])
    found.push('Bitmap Index Scan without a condition');
  // A sort or aggregate above a scan consumes all of its rows: below it, the limit no longer stops the scan.
  const passesLimit =
    limited && !['Sort', 'Aggregate', 'Hash', 'HashAggregate', 'Unique'].includes(node['Node Type']);
  for (const child of node.Plans ?? []) found.push(...wholeTableReads(child, passesLimit));
  return found;
}

describe('list queries are served by indexes', () => {
  const cases: [string, (db: Database) => Promise<unknown>][] = [
    [
      'every appointment, in start order',
      (db) => createAppointmentsRepository(db).listPage({}, undefined, 100),
    ],
    [
      'every appointment, the next page',
      (db) =>
        createAppointmentsRepository(db).listPage({}, { at: new Date('2026-01-01T00:00:00Z'), id: 5 }, 100),
    ],
    [
      'one patient’s appointments',
      (db) => createAppointmentsRepository(db).listPage({ patientId: 3 }, undefined, 100),
    ],
    [
      'one office’s appointments',
      (db) => createAppointmentsRepository(db).listPage({ officeId: 1 }, undefined, 100),
    ],
    [
      'one doctor’s appointments',
      (db) => createAppointmentsRepository(db).listPage({ doctorId: 2 }, undefined, 100),
    ],
    [
      'one diagnosis set’s appointments',
      (db) => createAppointmentsRepository(db).listPage({ diagnosisCombinerId: 1 }, undefined, 100),
    ],
    [
      'one day’s appointments',
      (db) => createAppointmentsRepository(db).listPage({ date: '2026-11-24' }, undefined, 100),
    ],
    [
      'one office’s day',
      (db) => createAppointmentsRepository(db).listPage({ officeId: 1, date: '2026-11-24' }, undefined, 100),
    ],
    [
      'one office’s calendar week',
      (db) => createAppointmentsRepository(db).calendarAppointments(1, '2026-11-23', '2026-11-29', 4001),
    ],
    [
      'one patient’s messages',
      (db) =>
        createMessagesRepository(db).page({ kinds: APPOINTMENT_MESSAGE_KINDS, patientId: 3 }, undefined, 50),
    ],
    [
      'every message, latest due first, the next page',
      (db) =>
        createMessagesRepository(db).page(
          { kinds: APPOINTMENT_MESSAGE_KINDS },
          { at: new Date('2026-12-01T00:00:00Z'), id: 5 },
          50,
        ),
    ],
    [
      'the messages due today, in the order they go out',
      (db) =>
        createMessagesRepository(db).page(
          {
            kinds: APPOINTMENT_MESSAGE_KINDS,
            window: { from: new Date('2026-11-28T05:00:00Z'), to: new Date('2026-11-29T05:00:00Z') },
          },
          undefined,
          50,
        ),
    ],
    [
      'the failed messages, latest due first',
      (db) =>
        createMessagesRepository(db).page(
          { kinds: APPOINTMENT_MESSAGE_KINDS, status: 'failed' },
          undefined,
          50,
        ),
    ],
    ['patients by name', (db) => createPatientsRepository(db).listAfter({ limit: 50 })],
    [
      'patients by name, the next page',
      (db) =>
        createPatientsRepository(db).listAfter({ limit: 50, after: { last: 'kim', first: 'ryan', id: 4 } }),
    ],
    [
      'patients whose name holds a term (trigram indexes)',
      (db) => createPatientsRepository(db).listAfter({ term: 'car', limit: 50 }),
    ],
    [
      'patients whose name starts with a short term',
      (db) => createPatientsRepository(db).listAfter({ term: 'ca', limit: 50 }),
    ],
    ['the numbered patient page', (db) => createPatientsRepository(db).list({ offset: 25, limit: 25 })],
    ['the patient count', (db) => createPatientsRepository(db).count()],
    ['patient search', (db) => createPatientsRepository(db).rankedIds('smi', 50)],
    ['patient search, two words', (db) => createPatientsRepository(db).rankedIds('emily car', 50)],
    ['patient search by phone', (db) => createPatientsRepository(db).rankedIds('555-0162', 50)],
    ['patient search by date of birth', (db) => createPatientsRepository(db).rankedIds('4/12/1988', 50)],
    ['every patient’s preferences', (db) => createPatientPermissionsRepository(db).listAll(10, 100)],
    ['staff accounts by username', (db) => createAuthRepository(db).listStaffAccounts('a', 100)],
    [
      'a points bank’s receipts',
      (db) => createReceiptsRepository(db).listPage({ pointsBankId: 1 }, undefined, 100),
    ],
  ];

  it.each(cases)('%s', async (_name, run) => {
    const { db, queries } = recording(t.database.db);
    await run(db);
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      const plan = await planOf(query);
      expect(wholeTableReads(plan), `${query.sql}\n${JSON.stringify(plan, null, 1)}`).toEqual([]);
    }
  });
});
