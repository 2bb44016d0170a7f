import { BOOK_WITHOUT_AUTHORIZATION, visitsLeftOf } from '@clinic/contract/authorization-rules';
import type { PatientAuthorization } from '@clinic/contract/authorizations';
import type { DiagnosisCombiner } from '@clinic/contract/diagnosis-combiner';

/**
 * What the booking form and the appointment popup show about a patient's authorizations: which cover a
 * day, how a diagnosis set is named, and the burn-down of the one a visit draws on (docs/decisions/0029).
 */

export const NO_AUTHORIZATION_COVERS_DATE = `No active authorization covers this date; book an ${BOOK_WITHOUT_AUTHORIZATION}.`;

const DESCRIPTION_MAX = 40;

/** Whether the authorization is active and its dates include `date` ('yyyy-mm-dd'). */
export function coversDate(auth: PatientAuthorization, date: string): boolean {
  return auth.active === 'Yes' && auth.dayStart.slice(0, 10) <= date && date <= auth.dayEnd.slice(0, 10);
}

/** The active authorizations that include `date`, latest start first: the order the server picks in. */
export function authorizationsCovering(
  auths: readonly PatientAuthorization[],
  date: string,
): PatientAuthorization[] {
  return auths
    .filter((auth) => coversDate(auth, date))
    .sort((a, b) => (a.dayStart < b.dayStart ? 1 : a.dayStart > b.dayStart ? -1 : 0));
}

function authorizationName(auth: PatientAuthorization | undefined, authId: number): string {
  return auth?.authCode.trim() || `Authorization #${authId}`;
}

/**
 * An ICD description cut to its head ('Low back pain, unspecified' -> 'Low back pain'), and a long head to
 * its whole words within 40 characters. The full text shows under the select once a set is chosen.
 */
function shortDescription(description: string): string {
  const head = description.split(',')[0]?.trim() ?? '';
  if (head.length <= DESCRIPTION_MAX) return head;
  // One character more, so that a word ending right at the limit is kept whole.
  const lastSpace = head.slice(0, DESCRIPTION_MAX + 1).lastIndexOf(' ');
  return `${head.slice(0, lastSpace > 0 ? lastSpace : DESCRIPTION_MAX).trimEnd()}…`;
}

/** 'BCB-448120 · M54.50 Low back pain, M62.830 Muscle spasm of back'. */
export function diagnosisSetLabel(set: DiagnosisCombiner, auth: PatientAuthorization | undefined): string {
  const codes = set.diagnoses.map((d) => `${d.code} ${shortDescription(d.description)}`.trim());
  return `${authorizationName(auth, set.authId)} · ${codes.length > 0 ? codes.join(', ') : `set #${set.diagCombId}`}`;
}

/** The set in full, for the line under the select: every diagnosis with its whole description, then the procedures. */
export function diagnosisSetDetails(set: DiagnosisCombiner): string {
  const diagnoses = set.diagnoses.map((d) => `${d.code} ${d.description}`.trim()).join('; ');
  const procedures = set.procedures.map((p) => p.code).join(', ');
  return [diagnoses && `Diagnoses: ${diagnoses}.`, procedures && `Procedures: ${procedures}.`]
    .filter(Boolean)
    .join(' ');
}

export interface SetChoice {
  value: number;
  label: string;
}

export interface DiagnosisSetOption extends SetChoice {
  set: DiagnosisCombiner;
}

/** The select's options: each set labelled by its authorization, in the order of the sets. */
export function diagnosisSetOptions(
  sets: readonly DiagnosisCombiner[],
  auths: readonly PatientAuthorization[],
): DiagnosisSetOption[] {
  return sets.map((set) => ({
    value: set.diagCombId,
    label: diagnosisSetLabel(
      set,
      auths.find((a) => a.authId === set.authId),
    ),
    set,
  }));
}

/** 'BCB-448120: 20 of 24 visits left, up to 2 a week, until 2030-06-30' (a part without a number is left out). */
export function burnDownHint(auth: PatientAuthorization): string {
  const parts: string[] = [];
  if (auth.visits !== null) {
    const left = auth.visitsLeft ?? visitsLeftOf(auth.visits, auth.visitsUsed, auth.visitsScheduled);
    parts.push(`${left} of ${auth.visits} ${auth.visits === 1 ? 'visit' : 'visits'} left`);
  }
  if (auth.weeklyVisitLimit !== null) parts.push(`up to ${auth.weeklyVisitLimit} a week`);
  parts.push(`until ${auth.dayEnd.slice(0, 10)}`);
  return `${authorizationName(auth, auth.authId)}: ${parts.join(', ')}`;
}

/**
 * The appointment popup's choices: the given options, and before them the appointment's own set when they
 * do not hold it, labelled so: its authorization is no longer active, or (the set could not be read) its id.
 */
export function choicesKeeping(
  options: readonly DiagnosisSetOption[],
  current: number | null,
  currentSet: DiagnosisCombiner | undefined,
  auths: readonly PatientAuthorization[],
): SetChoice[] {
  if (current === null || options.some((o) => o.value === current)) return [...options];
  const label = currentSet
    ? `${diagnosisSetLabel(
        currentSet,
        auths.find((a) => a.authId === currentSet.authId),
      )} (authorization not active)`
    : `Diagnosis set #${current}`;
  return [{ value: current, label }, ...options];
}
