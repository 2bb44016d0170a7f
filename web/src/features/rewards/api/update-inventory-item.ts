import type { InventoryBody, InventoryItem } from '@clinic/contract/inventory';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inventoryKeys } from './inventory-keys';

/** PUT /inventory/update/{id} (ADMIN, MANAGER). */
export function updateInventoryItem(id: number, body: InventoryBody): Promise<InventoryItem> {
  return apiRequest<InventoryItem>(`/inventory/update/${id}`, { method: 'PUT', body });
}

export function useUpdateInventoryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: InventoryBody }) => updateInventoryItem(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}
