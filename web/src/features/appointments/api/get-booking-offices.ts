import type { Office } from '@clinic/contract/offices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './appointment-keys';

/** GET /office/all: the offices to book at or check in for, with their time zones. */
export function getBookingOffices(signal?: AbortSignal) {
  return apiRequest<Office[]>('/office/all', { signal });
}

export function useBookingOffices(enabled = true) {
  return useQuery({
    queryKey: bookingKeys.offices(),
    queryFn: ({ signal }) => getBookingOffices(signal),
    enabled,
  });
}
