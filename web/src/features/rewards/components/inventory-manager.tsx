import { defaultImagePath, imageUrl } from '@clinic/contract/images';
import type { InventoryItem } from '@clinic/contract/inventory';
import { MSG } from '@clinic/contract/messages';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { ManagedItem, type ManagedItemTone, ManagedList } from '../../../components/managed-item';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage, withServerReason } from '../../../lib/api-client';
import { useFlashMessage } from '../../../lib/use-flash-message';
import { useDeleteInventoryItem } from '../api/delete-inventory-item';
import { useInventory } from '../api/list-inventory';
import { useUpdateInventoryItem } from '../api/update-inventory-item';
import { InventoryFields } from './inventory-fields';
import styles from './inventory-manager.module.css';
import {
  hasPicture,
  localToday,
  pointsText,
  type SaleStatus,
  saleStatusOf,
  valuesOf,
} from './inventory-values';
import { useInventoryForm } from './use-inventory-form';

const SALE_TONES: Record<SaleStatus, ManagedItemTone> = {
  'On sale': 'success',
  Upcoming: 'primary',
  Ended: 'muted',
};

function EditDialog({
  item,
  onClose,
  onSaved,
}: {
  item: InventoryItem;
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useInventoryForm(valuesOf(item));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateInventoryItem();

  const onSubmit = async () => {
    const body = form.validBody();
    if (!body) return;
    try {
      await update.mutateAsync({ id: item.inventory_id, body });
      onSaved();
    } catch (failure) {
      setError(withServerReason(MSG.errorSavingItem, failure));
    }
  };

  return (
    <FormDialog
      title={`Edit “${item.title}”`}
      onClose={onClose}
      onSubmit={() => void onSubmit()}
      submitLabel={update.isPending ? 'Saving…' : 'Save item'}
      busy={update.isPending}
      error={error}
    >
      <InventoryFields
        values={form.values}
        onChange={form.onChange}
        errors={form.errors}
        itemId={item.inventory_id}
      />
    </FormDialog>
  );
}

/** Every item of the points shop, past and upcoming ones too: edit (with its picture) and delete. */
export function InventoryManager() {
  const inventory = useInventory({ available: false });
  const remove = useDeleteInventoryItem();
  const [editing, setEditing] = useState<InventoryItem | null>(null);
  const [deleting, setDeleting] = useState<InventoryItem | null>(null);
  const [notice, showNotice] = useFlashMessage();
  const today = localToday();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.inventory_id);
      showNotice({ tone: 'success', text: MSG.itemDeleted });
    } catch (error) {
      showNotice({ tone: 'error', text: withServerReason(MSG.errorDeletingItem, error) });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="inventory-manager-title">
      <h2 id="inventory-manager-title">Items</h2>
      {notice ? <StatusMessage tone={notice.tone}>{notice.text}</StatusMessage> : null}
      {inventory.isPending ? (
        <p className={styles.muted}>Loading items…</p>
      ) : inventory.isError ? (
        <StatusMessage tone="error">{errorMessage(inventory.error)}</StatusMessage>
      ) : inventory.items.length === 0 ? (
        <p className={styles.muted}>No items yet.</p>
      ) : (
        <ManagedList>
          {inventory.items.map((item) => {
            const status = saleStatusOf(item, today);
            return (
              <ManagedItem
                key={item.inventory_id}
                title={item.title}
                imageSrc={hasPicture(item.picture) ? imageUrl('inventory', item.picture) : ''}
                imageFallback={defaultImagePath('inventory')}
                badge={status}
                tone={SALE_TONES[status]}
                description={item.description}
                onEdit={() => setEditing(item)}
                onDelete={() => setDeleting(item)}
              >
                <p className={styles.facts}>
                  <span>{pointsText(item.price)}</span>
                  <span>
                    {item.startDate.slice(0, 10)} to {item.endDate.slice(0, 10)}
                  </span>
                </p>
              </ManagedItem>
            );
          })}
        </ManagedList>
      )}
      {inventory.hasNextPage ? (
        <Button variant="secondary" onClick={inventory.loadMore} disabled={inventory.isFetchingNextPage}>
          {inventory.isFetchingNextPage ? 'Loading…' : 'Show more items'}
        </Button>
      ) : null}
      {editing ? (
        <EditDialog
          item={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showNotice({ tone: 'success', text: MSG.itemUpdated });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this item?"
        confirmLabel="Delete item"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{MSG.confirmDeleteItem}</p>
        <p>“{deleting?.title}” will be removed from the rewards shop for good.</p>
      </ConfirmDialog>
    </section>
  );
}
