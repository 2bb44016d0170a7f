import type { RatingFilterQuery } from '@clinic/contract/ratings';

/** The filters of the ratings dashboard live in its URL (?doctorId=&officeId=&from=&to=), so a link reproduces the view. */
const ID = /^[1-9]\d{0,9}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function idParam(value: string | null): number | undefined {
  if (!value || !ID.test(value.trim())) return undefined;
  const id = Number(value);
  return id <= 2147483647 ? id : undefined;
}

function dateParam(value: string | null): string | undefined {
  return value && DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

/** The filters a URL names; a value that is not a valid id or date is left out, as if absent. */
export function parseRatingFilters(params: URLSearchParams): RatingFilterQuery {
  const filters: RatingFilterQuery = {};
  const doctorId = idParam(params.get('doctorId'));
  const officeId = idParam(params.get('officeId'));
  const from = dateParam(params.get('from'));
  const to = dateParam(params.get('to'));
  if (doctorId !== undefined) filters.doctorId = doctorId;
  if (officeId !== undefined) filters.officeId = officeId;
  if (from !== undefined) filters.from = from;
  if (to !== undefined) filters.to = to;
  return filters;
}

/** The URL query of some filters, in a fixed order, empty ones left out. */
export function ratingFilterSearch(filters: RatingFilterQuery): string {
  const params = new URLSearchParams();
  if (filters.doctorId !== undefined) params.set('doctorId', String(filters.doctorId));
  if (filters.officeId !== undefined) params.set('officeId', String(filters.officeId));
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  return params.toString();
}

/** The form's text as filters, or why not (the dates are inclusive, so one day is from = to). */
export function filtersFromForm(form: {
  doctorId: string;
  officeId: string;
  from: string;
  to: string;
}): { filters: RatingFilterQuery } | { error: string } {
  const filters = parseRatingFilters(new URLSearchParams(form));
  if (filters.from && filters.to && filters.from > filters.to) {
    return { error: 'The end date must be on or after the start date.' };
  }
  return { filters };
}
