import { MESSAGE_PREFIX } from '@clinic/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../../lib/api-client';

export interface OfficeOption {
  officeId: number;
  officeName: string;
}

export const officeOptionsQueryKey = ['doctors', 'office-options'] as const;

/** GET /office/all, reduced to what the staff form's office select needs. */
export async function getOfficeOptions(): Promise<OfficeOption[]> {
  let raw: unknown;
  try {
    raw = await apiRequest<unknown>('/office/all');
  } catch (error) {
    throw new Error(`${MESSAGE_PREFIX.fetchOffices} ${errorMessage(error)}`, { cause: error });
  }
  if (!Array.isArray(raw)) return [];
  return raw
    .map((o: Record<string, unknown>) => ({
      officeId: Number(o.officeId),
      officeName: typeof o.officeName === 'string' ? o.officeName : `Office ${String(o.officeId)}`,
    }))
    .filter((o) => Number.isInteger(o.officeId) && o.officeId > 0)
    .sort((a, b) => a.officeName.localeCompare(b.officeName));
}

export function useOfficeOptions() {
  return useQuery({ queryKey: officeOptionsQueryKey, queryFn: getOfficeOptions });
}
