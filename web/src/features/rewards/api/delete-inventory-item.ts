import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inventoryKeys } from './inventory-keys';

/** DELETE /inventory/delete/{id} (ADMIN, MANAGER): 204. */
export async function deleteInventoryItem(id: number): Promise<void> {
  await apiRequest<unknown>(`/inventory/delete/${id}`, { method: 'DELETE' });
}

export function useDeleteInventoryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInventoryItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}
