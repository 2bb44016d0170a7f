import type { MenuStructure } from '@clinic/contract/content';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './content-keys';

/** GET /api/content/menuStructure: top-level name -> category -> [{id, title}]. */
export async function getMenuStructure(signal?: AbortSignal): Promise<MenuStructure> {
  // An empty answer means no menus.
  return (await apiRequest<MenuStructure | undefined>('/content/menuStructure', { signal })) ?? {};
}

export function useMenuStructure() {
  return useQuery({
    queryKey: contentKeys.menu,
    queryFn: ({ signal }) => getMenuStructure(signal),
    staleTime: 5 * 60_000,
  });
}
