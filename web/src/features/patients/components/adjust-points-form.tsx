import { MSG } from '@clinic/contract/messages';
import { POINTS_MAX, type PointsBank } from '@clinic/contract/points';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { Form } from '../../../components/form-card';
import { FormField, TextField } from '../../../components/form-field';
import { withServerReason } from '../../../lib/api-client';
import { useAdjustPoints } from '../api/adjust-points';
import styles from './points-panel.module.css';

const REASON_MAX = 500;

interface AdjustPointsFormProps {
  bank: PointsBank;
  onDone: (result: { tone: 'success' | 'error'; text: string }) => void;
  onCancel: () => void;
}

/** ADMIN and MANAGER set a patient's balance, with the reason the ledger keeps (decision 0031). */
export function AdjustPointsForm({ bank, onDone, onCancel }: AdjustPointsFormProps) {
  const [total, setTotal] = useState(String(bank.totalPoints));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ total?: string; reason?: string }>({});
  const adjust = useAdjustPoints();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: typeof errors = {};
    const text = total.trim();
    if (!/^\d+$/.test(text) || Number(text) > POINTS_MAX)
      found.total = `Enter a whole number from 0 to ${POINTS_MAX.toLocaleString('en-US')}.`;
    if (reason.trim() === '') found.reason = MSG.pointsReasonRequired;
    setErrors(found);
    if (found.total || found.reason) return;
    try {
      await adjust.mutateAsync({
        pointsBankId: bank.pointsBankId,
        query: { totalPoints: Number(text), reason: reason.trim() },
      });
      onDone({ tone: 'success', text: MSG.pointsUpdated });
    } catch (error) {
      onDone({ tone: 'error', text: withServerReason(MSG.failedToSaveChanges, error) });
    }
  };

  return (
    <Form className={styles.adjust} onSubmit={onSubmit} aria-label="Adjust points">
      <TextField
        label="New total"
        required
        type="number"
        inputMode="numeric"
        min={0}
        max={POINTS_MAX}
        step={1}
        value={total}
        error={errors.total}
        onChange={(event) => setTotal(event.target.value)}
      />
      <FormField
        label="Reason"
        required
        error={errors.reason}
        hint="Kept with the change in the points history."
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </FormField>
      <div className={styles.adjustActions}>
        <Button type="submit" disabled={adjust.isPending}>
          {adjust.isPending ? 'Saving…' : 'Save points'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
