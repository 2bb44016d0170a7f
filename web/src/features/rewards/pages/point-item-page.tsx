import { MSG } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import type { FormEvent } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { Button } from '../../../components/button';
import { Form, FormActions, FormCard } from '../../../components/form-card';
import { StatusMessage } from '../../../components/status-message';
import { withServerReason } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { useFlashMessage } from '../../../lib/use-flash-message';
import { useCreateInventoryItem } from '../api/create-inventory-item';
import { InventoryFields } from '../components/inventory-fields';
import { InventoryManager } from '../components/inventory-manager';
import { EMPTY_INVENTORY_VALUES } from '../components/inventory-values';
import { useInventoryForm } from '../components/use-inventory-form';

const TITLE = 'Point Inventory';

/** /register/point-item (ADMIN, MANAGER): the rewards shop's items; everyone else sees Access Denied. */
export function PointItemPage() {
  const session = useSession();
  if (!can(session?.role, 'inventory:manage')) {
    return (
      <AccessDenied
        title={TITLE}
        reason="Only administrators and managers can manage the rewards shop."
        signedOut={!session}
      />
    );
  }
  return <PointInventory />;
}

function PointInventory() {
  useDocumentTitle(TITLE);
  const form = useInventoryForm(EMPTY_INVENTORY_VALUES);
  const [status, showStatus] = useFlashMessage();
  const create = useCreateInventoryItem();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validBody();
    if (!body) {
      showStatus(null);
      return;
    }
    try {
      await create.mutateAsync(body);
      form.reset(EMPTY_INVENTORY_VALUES);
      showStatus({ tone: 'success', text: MSG.itemCreated });
    } catch (error) {
      showStatus({ tone: 'error', text: withServerReason(MSG.errorSavingItem, error) });
    }
  };

  return (
    <FormCard
      title={TITLE}
      intro="Rewards patients can buy with their points. An item is on sale from its start date to its end date. Add a picture with Edit once the item is saved."
    >
      <Form onSubmit={onSubmit} error={status?.tone === 'error' ? status.text : null} aria-label="New item">
        <InventoryFields values={form.values} onChange={form.onChange} errors={form.errors} />
        {status && status.tone !== 'error' ? (
          <StatusMessage tone={status.tone}>{status.text}</StatusMessage>
        ) : null}
        <FormActions>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create Item'}
          </Button>
        </FormActions>
      </Form>
      <InventoryManager />
    </FormCard>
  );
}
