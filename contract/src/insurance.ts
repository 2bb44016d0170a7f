import { type Static, Type } from 'typebox';
import { BoundedList } from './common';

/** An insurance as the spec's calls send it (§3 Insurance), with its odd spellings. */
export const Insurance = Type.Object({
  insid: Type.Integer(),
  insName: Type.String(),
  days: Type.Union([Type.Integer(), Type.Null()]),
  /** 'Required' or 'Not required'. */
  authorization: Type.String(),
  insCode: Type.String(),
  address: Type.String(),
  /** 'yes', 'no', or 'patient' (coverage depends on the patient's plan); other text is undecided. */
  acceptance: Type.String(),
  coverageName: Type.String(),
  insPicture: Type.String(),
});
export type Insurance = Static<typeof Insurance>;

const Text = (maxLength = 200) => Type.Union([Type.String({ maxLength }), Type.Null()]);

/**
 * The body of add and update. insName is also read as insuranceName, insid as insId (ignored: the id
 * comes from the path). On add the name is required; on update a field left out keeps its value.
 */
export const InsuranceBody = Type.Object({
  insid: Type.Optional(Type.Union([Type.Integer(), Type.String(), Type.Null()])),
  insId: Type.Optional(Type.Union([Type.Integer(), Type.String(), Type.Null()])),
  insName: Type.Optional(Text(200)),
  insuranceName: Type.Optional(Text(200)),
  days: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 3650 }), Type.Null()])),
  authorization: Type.Optional(Text(100)),
  insCode: Type.Optional(Text(50)),
  address: Type.Optional(Text(300)),
  acceptance: Type.Optional(Text(50)),
  coverageName: Type.Optional(Text(200)),
  insPicture: Type.Optional(Text(300)),
});
export type InsuranceBody = Static<typeof InsuranceBody>;

export const InsuranceIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

/** GET /insurance/search: ?name= (the directory) or ?query= (the same, as the home search sends it). */
export const InsuranceSearchQuery = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100 })),
  query: Type.Optional(Type.String({ maxLength: 100 })),
});

/** GET /insurance/search/all?query (the home search, sent without a token). */
export const InsuranceHomeSearchQuery = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 100 })),
});

export const INSURANCE_AUTHORIZATION_OPTIONS = ['Required', 'Not required'] as const;
export const INSURANCE_ACCEPTANCE_OPTIONS = [
  { value: 'yes', label: 'Yes: accepted' },
  { value: 'no', label: 'No: not accepted' },
  { value: 'patient', label: "Patient: depends on the patient's plan" },
] as const;

export type AcceptanceKind = 'yes' | 'no' | 'other';

/** §2: acceptance is shown green for yes, red for no and yellow for anything else. */
export function acceptanceKind(acceptance: string | null | undefined): AcceptanceKind {
  const value = (acceptance ?? '').trim().toLowerCase();
  if (value === 'yes') return 'yes';
  if (value === 'no') return 'no';
  return 'other';
}

/** The most insurances a list or search holds (the insurers a network accepts, with room to grow). */
export const INSURANCES_MAX = 500;
export const InsuranceList = BoundedList(Insurance, INSURANCES_MAX);
