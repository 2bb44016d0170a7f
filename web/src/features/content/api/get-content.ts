import type { ContentItem } from '@clinic/contract/content';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './content-keys';

/** GET /api/content/getContent/{id}: one page, its HTML sanitised by the server. */
export function getContent(id: number, signal?: AbortSignal): Promise<ContentItem> {
  return apiRequest<ContentItem>(`/content/getContent/${id}`, { signal });
}

export function useContent(id: number | null) {
  return useQuery({
    queryKey: contentKeys.item(id ?? 0),
    queryFn: ({ signal }) => getContent(id ?? 0, signal),
    enabled: id !== null && id > 0,
  });
}
