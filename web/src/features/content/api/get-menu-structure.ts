import type { MenuStructure } from '@clinic/contract/content';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './content-keys';

/** GET /api/content/menuStructure: top-level name -> category -> [{id, title}]. */
export function getMenuStructure(signal?: AbortSignal): Promise<MenuStructure> {
  return apiRequest<MenuStructure>('/content/menuStructure', { signal });
}

export function useMenuStructure() {
  return useQuery({
    queryKey: contentKeys.menu,
    queryFn: ({ signal }) => getMenuStructure(signal),
    staleTime: 5 * 60_000,
  });
}
