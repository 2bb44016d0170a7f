import { MSG } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import { type FormEvent, useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { Button } from '../../../components/button';
import { Form, FormActions, FormCard } from '../../../components/form-card';
import { StatusMessage, type StatusTone } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { useCreatePromotion } from '../api/create-promotion';
import { PromotionFields, type PromotionValues } from '../components/promotion-fields';
import { PromotionManager } from '../components/promotion-manager';

const TITLE = 'Add Promotion';
const EMPTY: PromotionValues = { title: '', description: '', picture: '' };

/** /register/promotion (ADMIN, MANAGER): create a promotion, then manage all of them below. */
export function RegisterPromotionPage() {
  const session = useSession();
  if (!can(session?.role, 'promotion:manage')) {
    return (
      <AccessDenied
        title={TITLE}
        reason="Only administrators and managers can manage promotions."
        signedOut={!session}
      />
    );
  }
  return <RegisterPromotion />;
}

function RegisterPromotion() {
  useDocumentTitle(TITLE);
  const [values, setValues] = useState<PromotionValues>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<{ tone: StatusTone; text: string } | null>(null);
  // A new key after each promotion starts the picture field afresh (no old preview or message).
  const [formKey, setFormKey] = useState(0);
  const create = useCreatePromotion();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const title = values.title.trim();
    const description = values.description.trim();
    if (!title || !description || !values.picture) {
      setStatus({ tone: 'error', text: MSG.promotionFieldsRequired });
      return;
    }
    try {
      await create.mutateAsync({ title, description, picture: values.picture });
      setValues(EMPTY);
      setSubmitted(false);
      setFormKey((key) => key + 1);
      setStatus({ tone: 'success', text: MSG.promotionCreated });
    } catch (error) {
      setStatus({ tone: 'error', text: `${MSG.promotionCreateFailed} ${errorMessage(error)}` });
    }
  };

  return (
    <FormCard
      title={TITLE}
      intro="New promotions go on the home page carousel at once, first in line (status 1). Reorder or hide them in the list below."
    >
      <Form onSubmit={onSubmit} error={status?.tone === 'error' ? status.text : null}>
        <PromotionFields key={formKey} values={values} onChange={setValues} showMissing={submitted} />
        {status?.tone === 'success' ? <StatusMessage tone="success">{status.text}</StatusMessage> : null}
        <FormActions>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create Promotion'}
          </Button>
        </FormActions>
      </Form>
      <PromotionManager />
    </FormCard>
  );
}
