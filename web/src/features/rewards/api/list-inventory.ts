import type { InventoryItem } from '@clinic/contract/inventory';
import { useKeyPagedList } from '../../../lib/key-page';
import { INVENTORY_PAGE_SIZE, inventoryKeys } from './inventory-keys';

/**
 * GET /inventory/all?available=&limit=&before= (public), newest first, more on request. `available`
 * keeps only the items on sale today (the rewards page); the manager sees them all.
 */
export function useInventory({ available }: { available: boolean }) {
  return useKeyPagedList<InventoryItem>({
    queryKey: inventoryKeys.list(available),
    path: '/inventory/all',
    query: { available: available ? true : undefined, limit: INVENTORY_PAGE_SIZE },
  });
}
