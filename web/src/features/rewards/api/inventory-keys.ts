/**
 * Query keys of the points shop. Writes invalidate inventoryKeys.all (['inventory']), which covers the
 * manager's list and the rewards on sale.
 */
export const inventoryKeys = {
  all: ['inventory'] as const,
  list: (available: boolean) => ['inventory', 'list', { available }] as const,
};

/** Rows per page of GET /inventory/all (the server allows up to 200). */
export const INVENTORY_PAGE_SIZE = 50;
