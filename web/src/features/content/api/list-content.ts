import type { ContentItem } from '@clinic/contract/content';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './content-keys';

/** GET /api/content/listContent: every page. */
export function listContent(signal?: AbortSignal): Promise<ContentItem[]> {
  return apiRequest<ContentItem[]>('/content/listContent', { signal });
}

export function useContentList(enabled = true) {
  return useQuery({ queryKey: contentKeys.list, queryFn: ({ signal }) => listContent(signal), enabled });
}
