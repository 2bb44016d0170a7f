import { type Static, Type } from 'typebox';
import { BoundedList } from './common';
import { PROCEDURE_CODE_MAX_LENGTH } from './procedures';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const IdLike = Type.Union([Id, Type.String({ maxLength: 12 })]);

/** The most codes one set may hold. */
export const SET_MAX_CODES = 12;

/**
 * A diagnosis combiner as the spec's calls send it (§3: diagCombId, authId, diagnosisSet and procedureSet
 * as comma lists), with each code's description so the screens need no second call.
 */
export const DiagnosisCombiner = Type.Object({
  diagCombId: Type.Integer(),
  authId: Type.Integer(),
  diagnosisSet: Type.String({ description: 'comma-separated diagnosis (D) codes' }),
  procedureSet: Type.String({ description: 'comma-separated procedure (P) codes' }),
  diagnoses: Type.Array(Type.Object({ code: Type.String(), description: Type.String() })),
  procedures: Type.Array(Type.Object({ code: Type.String(), description: Type.String() })),
});
export type DiagnosisCombiner = Static<typeof DiagnosisCombiner>;
export const DiagnosisCombinerList = Type.Array(DiagnosisCombiner);
/** The most diagnosis sets one authorization's list holds. */
export const AUTHORIZATION_COMBINERS_MAX = 50;
export const AuthorizationCombinerList = BoundedList(DiagnosisCombiner, AUTHORIZATION_COMBINERS_MAX);

const CodeSet = Type.Union([
  Type.String({ maxLength: SET_MAX_CODES * (PROCEDURE_CODE_MAX_LENGTH + 2) }),
  Type.Array(Type.String({ maxLength: PROCEDURE_CODE_MAX_LENGTH }), { maxItems: SET_MAX_CODES }),
  Type.Null(),
]);

/** POST /diagnosisCombiner/save: an authorization and its sets (comma lists or arrays of codes). */
export const DiagnosisCombinerBody = Type.Object({
  diagCombId: Type.Optional(Type.Union([IdLike, Type.Null()])),
  authId: Type.Union([IdLike, Type.Null()]),
  diagnosisSet: Type.Optional(CodeSet),
  procedureSet: Type.Optional(CodeSet),
});
export type DiagnosisCombinerBody = Static<typeof DiagnosisCombinerBody>;

export const CombinerIdParams = Type.Object({ id: Id });
export const CombinerAuthParams = Type.Object({ authId: Id });
const Code = Type.String({ minLength: 1, maxLength: PROCEDURE_CODE_MAX_LENGTH });
export const CombinerCodeParams = Type.Object({ id: Id, code: Code });
export const NewDiagnosisQuery = Type.Object({ newDiagnosis: Code });
export const NewProcedureQuery = Type.Object({ newProcedure: Code });

export const CombinerListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  before: Type.Optional(Id),
});
export type CombinerListQuery = Static<typeof CombinerListQuery>;
