/** Query keys of the offices feature; writes invalidate OFFICES_KEY or OFFICE_HOURS_KEY. */
export const OFFICES_KEY = ['offices'] as const;
export const OFFICE_HOURS_KEY = ['office-hours'] as const;

export const officesQueryKey = () => [...OFFICES_KEY, 'all'] as const;
export const officeSearchQueryKey = (query: string) => [...OFFICES_KEY, 'search', query] as const;
export const officeHoursQueryKey = (officeId: number) => [...OFFICE_HOURS_KEY, 'office', officeId] as const;
