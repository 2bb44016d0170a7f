import type { ContentItem } from '@clinic/contract/content';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './content-keys';

/** GET /api/content/search?title=: pages whose title contains the words (case-insensitive). */
export function searchContent(title: string, signal?: AbortSignal): Promise<ContentItem[]> {
  return apiRequest<ContentItem[]>('/content/search', { query: { title }, signal });
}

/** The editor's list of existing pages, narrowed by title; idle (use the full list) while empty. */
export function useContentSearch(title: string) {
  return useQuery({
    queryKey: contentKeys.search(title),
    queryFn: ({ signal }) => searchContent(title, signal),
    enabled: title !== '',
    placeholderData: keepPreviousData,
  });
}
