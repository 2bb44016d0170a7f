import { AUDIT_ACTIONS, type AuditAction, type AuditFilterQuery } from '@clinic/contract/audit';
import { parseCalendarDate } from '@clinic/contract/office-hours';

/** The audit page's filters live in its URL (?patientId=&actor=&action=&from=&to=), so a link reproduces the view. */
const ID = /^[1-9]\d{0,9}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ACTOR_MAX = 100;

function idParam(value: string | null): number | undefined {
  if (!value || !ID.test(value.trim())) return undefined;
  const id = Number(value.trim());
  return id <= 2147483647 ? id : undefined;
}

function dateParam(value: string | null): string | undefined {
  return value && DATE.test(value) ? (parseCalendarDate(value) ?? undefined) : undefined;
}

function actionParam(value: string | null): AuditAction | undefined {
  return (AUDIT_ACTIONS as readonly string[]).includes(value ?? '') ? (value as AuditAction) : undefined;
}

/** The filters a URL names; a value that is not valid is left out, as if absent. */
export function parseAuditFilters(params: URLSearchParams): AuditFilterQuery {
  const filters: AuditFilterQuery = {};
  const patientId = idParam(params.get('patientId'));
  const actor = params.get('actor')?.trim().slice(0, ACTOR_MAX);
  const action = actionParam(params.get('action'));
  const from = dateParam(params.get('from'));
  const to = dateParam(params.get('to'));
  if (patientId !== undefined) filters.patientId = patientId;
  if (actor) filters.actor = actor;
  if (action) filters.action = action;
  if (from) filters.from = from;
  if (to) filters.to = to;
  return filters;
}

/** The URL query of some filters, in a fixed order, empty ones left out. */
export function auditFilterSearch(filters: AuditFilterQuery): string {
  const params = new URLSearchParams();
  if (filters.patientId !== undefined) params.set('patientId', String(filters.patientId));
  if (filters.actor) params.set('actor', filters.actor);
  if (filters.action) params.set('action', filters.action);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  return params.toString();
}

export interface AuditFilterForm {
  patientId: string;
  actor: string;
  action: string;
  from: string;
  to: string;
}

/** The form's text as filters, or the field that is wrong and why. */
export function auditFiltersFromForm(
  form: AuditFilterForm,
): { filters: AuditFilterQuery } | { field: keyof AuditFilterForm; error: string } {
  if (form.patientId.trim() && idParam(form.patientId) === undefined) {
    return { field: 'patientId', error: 'A patient id is a whole number, such as 42.' };
  }
  const filters = parseAuditFilters(new URLSearchParams({ ...form }));
  if (filters.from && filters.to && filters.from > filters.to) {
    return { field: 'to', error: 'The end date must be on or after the start date.' };
  }
  return { filters };
}
