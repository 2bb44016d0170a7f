import { defaultImagePath, imageUrl } from '@clinic/contract/images';
import {
  PROMOTION_STATUS_HIDDEN,
  PROMOTION_STATUS_MAX,
  parsePromotionStatus,
  promotionStatusLabel,
} from '@clinic/contract/promotion-status';
import type { Promotion } from '@clinic/contract/promotions';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Form } from '../../../components/form-card';
import { FormDialog } from '../../../components/form-dialog';
import { ManagedItem, ManagedList } from '../../../components/managed-item';
import { StatusMessage, type StatusTone } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useDeletePromotion } from '../api/delete-promotion';
import { usePromotions } from '../api/list-promotions';
import { useUpdatePromotion } from '../api/update-promotion';
import { useUpdatePromotionStatus } from '../api/update-promotion-status';
import { PromotionFields, type PromotionValues } from './promotion-fields';
import styles from './promotion-manager.module.css';

interface Notice {
  tone: StatusTone;
  text: string;
}

function StatusControl({
  promotion,
  onNotice,
}: {
  promotion: Promotion;
  onNotice: (notice: Notice) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(promotion.status));
  const update = useUpdatePromotionStatus();
  const status = parsePromotionStatus(text);

  const apply = async (next: number) => {
    try {
      await update.mutateAsync({ id: promotion.id, status: next });
      setText(String(next));
      onNotice({
        tone: 'success',
        text: `“${promotion.title}” is now ${promotionStatusLabel(next).toLowerCase()}.`,
      });
    } catch (error) {
      onNotice({ tone: 'error', text: `Status change failed: ${errorMessage(error)}` });
    }
  };

  return (
    <Form
      className={styles.status}
      onSubmit={(event) => {
        event.preventDefault();
        if (status !== null) void apply(status);
      }}
    >
      <label htmlFor={id}>Status</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={PROMOTION_STATUS_HIDDEN}
        max={PROMOTION_STATUS_MAX}
        value={text}
        aria-invalid={status === null ? true : undefined}
        aria-label={`Status of ${promotion.title}`}
        onChange={(event) => setText(event.target.value)}
      />
      <Button
        type="submit"
        variant="secondary"
        disabled={status === null || status === promotion.status || update.isPending}
      >
        Set
      </Button>
      {promotion.status > PROMOTION_STATUS_HIDDEN ? (
        <Button
          variant="secondary"
          disabled={update.isPending}
          onClick={() => void apply(PROMOTION_STATUS_HIDDEN)}
        >
          Hide
        </Button>
      ) : (
        <Button variant="secondary" disabled={update.isPending} onClick={() => void apply(1)}>
          Show
        </Button>
      )}
    </Form>
  );
}

function EditDialog({
  promotion,
  onClose,
  onNotice,
}: {
  promotion: Promotion;
  onClose: () => void;
  onNotice: (n: Notice) => void;
}) {
  const [values, setValues] = useState<PromotionValues>({
    title: promotion.title,
    description: promotion.description,
    picture: promotion.picture,
  });
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePromotion();

  const onSubmit = async () => {
    if (values.title.trim() === '' || values.description.trim() === '') {
      setError('Title and description are required.');
      return;
    }
    try {
      await update.mutateAsync({
        id: promotion.id,
        body: { title: values.title.trim(), description: values.description.trim(), picture: values.picture },
      });
      onNotice({ tone: 'success', text: `“${values.title.trim()}” was updated.` });
      onClose();
    } catch (failure) {
      setError(`Update failed: ${errorMessage(failure)}`);
    }
  };

  return (
    <FormDialog
      title={`Edit “${promotion.title}”`}
      onClose={onClose}
      onSubmit={() => void onSubmit()}
      busy={update.isPending}
      error={error}
    >
      <PromotionFields values={values} onChange={setValues} showMissing={error !== null} />
    </FormDialog>
  );
}

/** Managers' list of every promotion, hidden ones too: edit, change status, delete (with confirmation). */
export function PromotionManager() {
  const promotions = usePromotions();
  const remove = useDeletePromotion();
  const [editing, setEditing] = useState<Promotion | null>(null);
  const [deleting, setDeleting] = useState<Promotion | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      setNotice({ tone: 'success', text: `“${deleting.title}” was deleted.` });
    } catch (error) {
      setNotice({ tone: 'error', text: `Delete failed: ${errorMessage(error)}` });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="promotion-manager-title">
      <h2 id="promotion-manager-title">Manage promotions</h2>
      <p className={styles.help}>
        Status 0 hides a promotion. Status 1 and above show it on the home page, in ascending order.
      </p>
      {notice ? <StatusMessage tone={notice.tone}>{notice.text}</StatusMessage> : null}
      {promotions.isPending ? (
        <p className={styles.muted}>Loading promotions…</p>
      ) : promotions.isError ? (
        <StatusMessage tone="error">{errorMessage(promotions.error)}</StatusMessage>
      ) : promotions.data.length === 0 ? (
        <p className={styles.muted}>No promotions yet.</p>
      ) : (
        <ManagedList>
          {promotions.data.map((promotion) => (
            <ManagedItem
              key={promotion.id}
              title={promotion.title}
              imageSrc={imageUrl('promotion', promotion.picture)}
              imageFallback={defaultImagePath('promotion')}
              badge={promotionStatusLabel(promotion.status)}
              tone={promotion.status <= PROMOTION_STATUS_HIDDEN ? 'muted' : 'primary'}
              description={promotion.description}
              actions={<StatusControl key={promotion.status} promotion={promotion} onNotice={setNotice} />}
              onEdit={() => setEditing(promotion)}
              onDelete={() => setDeleting(promotion)}
            />
          ))}
        </ManagedList>
      )}
      {editing ? (
        <EditDialog promotion={editing} onClose={() => setEditing(null)} onNotice={setNotice} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this promotion?"
        confirmLabel="Delete promotion"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>
          “{deleting?.title}” will be removed for good. To take it off the home page but keep it, hide it
          instead.
        </p>
      </ConfirmDialog>
    </section>
  );
}
