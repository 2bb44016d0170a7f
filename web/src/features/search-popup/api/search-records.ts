import { MSG } from '@clinic/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { SearchRecord } from '../search-types';

export interface SearchRequest {
  /** Below /api, as resolveApiUrl gives it. */
  path: string;
  /** The caller's url's own query parameters, kept. */
  baseQuery: Record<string, string>;
  term: string;
}

export const searchQueryKey = (request: SearchRequest) => ['search-popup', request] as const;

/**
 * GET {url}?query={term} with the bearer token (spec §7 Search popup). The answer must be a list; any
 * failure, or another shape, is 'Failed to fetch search results.'.
 */
export async function searchRecords(request: SearchRequest, signal?: AbortSignal): Promise<SearchRecord[]> {
  let answer: unknown;
  try {
    answer = await apiRequest<unknown>(request.path, {
      query: { ...request.baseQuery, query: request.term },
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new Error(MSG.failedToFetchSearchResults);
  }
  if (!Array.isArray(answer)) throw new Error(MSG.failedToFetchSearchResults);
  return answer.filter((item): item is SearchRecord => typeof item === 'object' && item !== null);
}

/** Runs once a term has been submitted; each new term is a new search. */
export function useSearchRecords(request: SearchRequest | null) {
  return useQuery({
    queryKey: searchQueryKey(request ?? { path: '', baseQuery: {}, term: '' }),
    queryFn: ({ signal }) => searchRecords(request as SearchRequest, signal),
    enabled: request !== null,
    retry: false,
    staleTime: 0,
  });
}
