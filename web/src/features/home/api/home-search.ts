import type { Role } from '@clinic/contract/roles';
import { useQuery } from '@tanstack/react-query';
import { type HomeSearchResult, runHomeSearch } from '../lib/home-search';
import { searchDoctors } from './search-doctors';
import { searchInsurance } from './search-insurance';
import { searchPatients } from './search-patients';

export const homeSearchKey = (role: Role, query: string) => ['home-search', role, query] as const;

/** The home search (spec §5) for a submitted query; idle while the query is empty. */
export function useHomeSearch(role: Role, query: string) {
  return useQuery<HomeSearchResult>({
    queryKey: homeSearchKey(role, query),
    queryFn: ({ signal }) =>
      runHomeSearch(role, query, {
        searchInsurance: (q) => searchInsurance(q, signal),
        searchDoctors: (q) => searchDoctors(q, signal),
        searchPatients: (q) => searchPatients(q, signal),
      }),
    enabled: query !== '',
    retry: false,
    // A search reflects the records as they are now.
    staleTime: 0,
  });
}
