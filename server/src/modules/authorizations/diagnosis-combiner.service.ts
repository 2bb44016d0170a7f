import { firstDuplicate, parseCodeList } from '@clinic/contract/authorization-rules';
import {
  type CombinerListQuery,
  type DiagnosisCombiner,
  type DiagnosisCombinerBody,
  SET_MAX_CODES,
} from '@clinic/contract/diagnosis-combiner';
import type { AppContext } from '../../app-context';
import { canReachPatient } from '../../platform/access';
import type { PatientNamer, WriteAudit } from '../../platform/audit';
import type { Actor } from '../../platform/auth/actor';
import {
  badRequest,
  conflict,
  notFound,
  PG_FOREIGN_KEY_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgConstraint,
  pgErrorCode,
} from '../../platform/errors';
import { idLikeOf } from '../../platform/id-like';
import { type KeyPage, pageByKey } from '../../platform/key-paging';
import {
  type CodeKind,
  type CombinerCodeRow,
  type CombinerDb,
  type CombinerRow,
  createDiagnosisCombinerRepository,
} from './diagnosis-combiner.repository';

const SETS = {
  D: { noun: 'diagnosis', name: 'diagnosis set' },
  P: { noun: 'procedure', name: 'procedure set' },
} as const satisfies Record<CodeKind, { noun: string; name: string }>;

const combinerNotFound = () => notFound('Diagnosis combiner not found.');
const authorizationNotFound = () => badRequest('Authorization not found.');
const notInSet = (code: string, kind: CodeKind) => notFound(`${code} is not in the ${SETS[kind].name}.`);
const alreadyInSet = (code: string, kind: CodeKind) =>
  conflict(`${code} is already in the ${SETS[kind].name}.`);

/** A set's codes as sent: upper case, at most SET_MAX_CODES, none twice. */
function setOf(input: string | readonly string[] | null | undefined, kind: CodeKind): string[] {
  const codes = parseCodeList(input);
  if (codes.length > SET_MAX_CODES) {
    throw badRequest(`A ${SETS[kind].name} holds at most ${SET_MAX_CODES} codes.`);
  }
  const twice = firstDuplicate(codes);
  if (twice !== null) throw badRequest(`${twice} is in the ${SETS[kind].name} twice.`);
  return codes;
}

/** A code as a path or query carries it: trimmed, upper case (codes are stored so, 0025). */
const codeOf = (value: string) => value.trim().toUpperCase();

export function toCombiner(row: CombinerRow, codes: readonly CombinerCodeRow[]): DiagnosisCombiner {
  const inSet = (kind: CodeKind) =>
    codes.filter((c) => c.kind === kind).map((c) => ({ code: c.code, description: c.description }));
  const diagnoses = inSet('D');
  const procedures = inSet('P');
  return {
    diagCombId: row.id,
    authId: row.authorization_id,
    diagnosisSet: diagnoses.map((c) => c.code).join(','),
    procedureSet: procedures.map((c) => c.code).join(','),
    diagnoses,
    procedures,
  };
}

export function createDiagnosisCombinerService(ctx: AppContext) {
  const repo = createDiagnosisCombinerRepository(ctx.db);

  /** The combiners with their sets, read in one query whatever their number. */
  async function describe(rows: readonly CombinerRow[], trx?: CombinerDb): Promise<DiagnosisCombiner[]> {
    const codes = await repo.codesOf(
      rows.map((row) => row.id),
      trx,
    );
    const byCombiner = new Map<number, CombinerCodeRow[]>();
    for (const code of codes) {
      const list = byCombiner.get(code.diagnosis_combiner_id);
      if (list) list.push(code);
      else byCombiner.set(code.diagnosis_combiner_id, [code]);
    }
    return rows.map((row) => toCombiner(row, byCombiner.get(row.id) ?? []));
  }

  async function describeOne(row: CombinerRow, trx?: CombinerDb): Promise<DiagnosisCombiner> {
    return (await describe([row], trx))[0] as DiagnosisCombiner;
  }

  /** The procedure ids of these codes, in order; 400 naming the first that does not exist or is of the other kind. */
  async function resolve(codes: readonly string[], kind: CodeKind, trx?: CombinerDb): Promise<number[]> {
    const found = new Map((await repo.proceduresByCode(codes, trx)).map((p) => [p.code, p]));
    return codes.map((code) => {
      const procedure = found.get(code);
      if (!procedure) throw badRequest(`Code ${code} does not exist.`);
      if (procedure.kind !== kind) throw badRequest(`${code} is not a ${SETS[kind].noun} code.`);
      return procedure.id;
    });
  }

  /** The authorization's patient, checked against the caller and named for the audit; 404 otherwise. */
  async function readableAuthorization(actor: Actor, authId: number, namePatient: PatientNamer) {
    const patientId = await repo.authorizationPatient(authId);
    if (patientId === undefined) throw notFound('Authorization not found.');
    namePatient(patientId);
    if (!canReachPatient(actor, patientId)) throw notFound('Authorization not found.');
    return patientId;
  }

  /**
   * Runs a write; a race lost to the database's own rules (a code deleted or changed kind, the
   * authorization deleted, a code added twice) gets the answer the checks before it would have given.
   */
  async function writing<T>(
    work: (trx: CombinerDb) => Promise<T>,
    sets: { kind: CodeKind; codes: readonly string[] }[],
  ): Promise<T> {
    try {
      return await repo.transaction(work);
    } catch (error) {
      const code = pgErrorCode(error);
      if (code === PG_FOREIGN_KEY_VIOLATION) {
        if (pgConstraint(error)?.startsWith('diagnosis_combiners_')) throw authorizationNotFound();
        for (const set of sets) await resolve(set.codes, set.kind);
        throw badRequest('A code of the set was changed meanwhile. Please try again.');
      }
      // Only a code change can meet the unique key: a save's sets hold no duplicate and differ in kind.
      if (code === PG_UNIQUE_VIOLATION) {
        const set = sets[0];
        if (set?.codes[0]) throw alreadyInSet(set.codes[0], set.kind);
      }
      throw error;
    }
  }

  /** Changes one code of a combiner's set, the combiner locked; answers the combiner as it is then. */
  function changeCode(
    id: number,
    kind: CodeKind,
    audit: WriteAudit,
    newCodes: readonly string[],
    change: (combiner: CombinerRow, set: CombinerCodeRow[], trx: CombinerDb) => Promise<void>,
  ): Promise<DiagnosisCombiner> {
    return writing(
      async (trx) => {
        const combiner = await repo.lockById(id, trx);
        if (!combiner) throw combinerNotFound();
        audit.namePatient(combiner.patient_id);
        const codes = await repo.codesOf([id], trx);
        await change(
          combiner,
          codes.filter((c) => c.kind === kind),
          trx,
        );
        await audit.commit(trx, id, combiner.patient_id);
        return describeOne(combiner, trx);
      },
      [{ kind, codes: newCodes }],
    );
  }

  return {
    /** Every combiner, newest first, one page at a time (staff only; the route says so). */
    async listAll(query: CombinerListQuery): Promise<KeyPage<DiagnosisCombiner>> {
      const page = await pageByKey(query, repo.listPage, (row) => row.id);
      return { ...page, items: await describe(page.items) };
    },

    async getById(actor: Actor, id: number, namePatient: PatientNamer): Promise<DiagnosisCombiner> {
      const row = await repo.findById(id);
      if (!row) throw combinerNotFound();
      namePatient(row.patient_id);
      if (!canReachPatient(actor, row.patient_id)) throw combinerNotFound();
      return describeOne(row);
    },

    async listByAuthorization(
      actor: Actor,
      authId: number,
      namePatient: PatientNamer,
    ): Promise<DiagnosisCombiner[]> {
      await readableAuthorization(actor, authId, namePatient);
      return describe(await repo.listByAuthorization(authId));
    },

    /** The id of the authorization's first combiner; 404 when it has none. */
    async firstIdOfAuthorization(actor: Actor, authId: number, namePatient: PatientNamer): Promise<number> {
      await readableAuthorization(actor, authId, namePatient);
      const id = await repo.firstIdOfAuthorization(authId);
      if (id === undefined) throw notFound('This authorization has no diagnosis combiner.');
      return id;
    },

    /** A new combiner of an authorization, its sets checked code by code. */
    async save(body: DiagnosisCombinerBody, audit: WriteAudit): Promise<DiagnosisCombiner> {
      const authId = idLikeOf(body.authId, 'authId');
      if (authId === null) throw badRequest('authId is required.');
      const diagnoses = setOf(body.diagnosisSet, 'D');
      const procedures = setOf(body.procedureSet, 'P');
      const sets = [
        { kind: 'D' as const, codes: diagnoses },
        { kind: 'P' as const, codes: procedures },
      ];
      return writing(async (trx) => {
        const patientId = await repo.authorizationPatient(authId, trx);
        if (patientId === undefined) throw authorizationNotFound();
        audit.namePatient(patientId);
        const id = await repo.insertCombiner(authId, trx);
        for (const set of sets)
          await repo.insertSet(id, set.kind, await resolve(set.codes, set.kind, trx), trx);
        await audit.commit(trx, id, patientId);
        return describeOne({ id, authorization_id: authId, patient_id: patientId }, trx);
      }, sets);
    },

    /** Deletes a combiner with its sets. */
    async remove(id: number, audit: WriteAudit): Promise<void> {
      await repo.transaction(async (trx) => {
        const combiner = await repo.lockById(id, trx);
        if (!combiner) throw combinerNotFound();
        await repo.remove(id, trx);
        await audit.commit(trx, id, combiner.patient_id);
      });
    },

    /**
     * Puts a new code in an old one's place (same position): the old one must be in the set (404), the new
     * one must exist with the set's kind (400) and not be in the combiner already (409).
     */
    updateCode(id: number, kind: CodeKind, oldParam: string, newParam: string, audit: WriteAudit) {
      const oldCode = codeOf(oldParam);
      const newCode = codeOf(newParam);
      return changeCode(id, kind, audit, [newCode], async (combiner, set, trx) => {
        const old = set.find((c) => c.code === oldCode);
        if (!old) throw notInSet(oldCode, kind);
        if (newCode === oldCode) return;
        const [procedureId] = await resolve([newCode], kind, trx);
        if (procedureId === undefined) throw badRequest(`Code ${newCode} does not exist.`);
        if (set.some((c) => c.procedure_id === procedureId)) throw alreadyInSet(newCode, kind);
        await repo.replaceCode(combiner.id, kind, old.procedure_id, procedureId, trx);
      });
    },

    /** Takes a code out of a set; 404 when it is not there. */
    deleteCode(id: number, kind: CodeKind, codeParam: string, audit: WriteAudit) {
      const code = codeOf(codeParam);
      return changeCode(id, kind, audit, [], async (combiner, set, trx) => {
        const row = set.find((c) => c.code === code);
        if (!row || !(await repo.deleteCode(combiner.id, kind, row.procedure_id, trx))) {
          throw notInSet(code, kind);
        }
      });
    },
  };
}
