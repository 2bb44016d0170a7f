import { type Static, Type } from 'typebox';
import { BoundedList, CursorPageQuery } from './common';

/**
 * Procedure (CPT/HCPCS) and diagnosis (ICD-10) codes (spec §3 Procedure/diagnosis). The code is the
 * record's identity on the wire: the {id} of GET/PUT/DELETE /procedures/{id} is the code.
 */
export const Procedure = Type.Object({
  code: Type.String(),
  description: Type.String(),
  /** Its first letter tells the kind: P procedure, D diagnosis. */
  differenceCode: Type.String(),
  picture: Type.String(),
});
export type Procedure = Static<typeof Procedure>;

/**
 * Letters, digits, dots and hyphens, starting with a letter or digit and holding at least one digit (every
 * CPT, HCPCS and ICD-10 code does), so no code can be mistaken for a path word such as 'search'.
 */
export const PROCEDURE_CODE_PATTERN = '^(?=[^0-9]*[0-9])[A-Za-z0-9][A-Za-z0-9.-]{0,19}$';
export const PROCEDURE_CODE_MAX_LENGTH = 20;

export const CODE_KINDS = [
  { letter: 'P', type: 'procedure', label: 'Procedure' },
  { letter: 'D', type: 'diagnosis', label: 'Diagnosis' },
] as const;
export type CodeKindLetter = (typeof CODE_KINDS)[number]['letter'];

/** The code kind of a selector type or differenceCode: its first letter, upper case ('procedure' -> 'P'). */
export function codeKindLetter(value: string | null | undefined): string {
  return (value ?? '').trim().charAt(0).toUpperCase();
}

export const ProcedureCodeParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: PROCEDURE_CODE_MAX_LENGTH }),
});

const Text = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);

/** Add and update. On add, code and differenceCode are required (checked by the service with a clear message). */
export const ProcedureBody = Type.Object({
  code: Type.Optional(Type.String({ maxLength: PROCEDURE_CODE_MAX_LENGTH })),
  description: Type.Optional(Text(500)),
  differenceCode: Type.Optional(Type.String({ maxLength: 20 })),
  picture: Type.Optional(Text(300)),
});
export type ProcedureBody = Static<typeof ProcedureBody>;

export const ProcedureSearchQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 50 })),
  description: Type.Optional(Type.String({ maxLength: 100 })),
  differenceCode: Type.Optional(Type.String({ maxLength: 20 })),
});
export type ProcedureSearchQuery = Static<typeof ProcedureSearchQuery>;

/** The most codes a search finds: ask for more letters to narrow it. */
export const PROCEDURE_SEARCH_MAX = 100;
export const ProcedureSearchList = BoundedList(Procedure, PROCEDURE_SEARCH_MAX);

/** Every code, by code, a page at a time (ICD-10 alone has some 70,000). */
export const PROCEDURE_PAGE_MAX = 500;
export const PROCEDURE_PAGE_DEFAULT = 200;
export const ProcedurePageQuery = CursorPageQuery(PROCEDURE_PAGE_MAX);
export type ProcedurePageQuery = Static<typeof ProcedurePageQuery>;
