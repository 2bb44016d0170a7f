import type { InventoryBody, InventoryItem } from '@clinic/contract/inventory';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inventoryKeys } from './inventory-keys';

/** POST /inventory/add (ADMIN, MANAGER): answers 201 with the new item. */
export function createInventoryItem(body: InventoryBody): Promise<InventoryItem> {
  return apiRequest<InventoryItem>('/inventory/add', { method: 'POST', body });
}

export function useCreateInventoryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInventoryItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}
