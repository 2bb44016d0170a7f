import { msg } from '@clinic/contract/messages';
import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/button';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { isImplementedPath } from '../../../lib/page-paths';
import { usePointsBank } from '../../../lib/points-bank';
import { useFlashMessage } from '../../../lib/use-flash-message';
import { AdjustPointsForm } from './adjust-points-form';
import { DashboardPanel } from './dashboard-panel';
import styles from './points-panel.module.css';

const RECEIPTS_PATH = '/patientreceipt';

interface PointsPanelProps {
  patientId: number;
  /** ADMIN and MANAGER may set the balance (points:manage). */
  canAdjust?: boolean;
}

/**
 * Total points, refreshed every 30 s, with the way to the receipts once that page exists (the patient id
 * in the address is what staff open it with; for a patient the page uses their own) and, for managers,
 * the adjustment.
 */
export function PointsPanel({ patientId, canAdjust = false }: PointsPanelProps) {
  const bank = usePointsBank(patientId);
  const [adjusting, setAdjusting] = useState(false);
  const [message, showMessage] = useFlashMessage();
  const receiptsLink = `${RECEIPTS_PATH}?patientId=${encodeURIComponent(patientId)}`;

  return (
    <DashboardPanel title="Reward points">
      {bank.isError && !bank.data ? (
        <StatusMessage tone="error">{msg.failedToLoadData(errorMessage(bank.error))}</StatusMessage>
      ) : (
        <p className={styles.total}>
          <span className={styles.label}>Total points</span>
          <span className={styles.value} aria-live="polite">
            {bank.data ? bank.data.totalPoints : '…'}
          </span>
        </p>
      )}
      {message ? <StatusMessage tone={message.tone}>{message.text}</StatusMessage> : null}
      {canAdjust && bank.data && adjusting ? (
        <AdjustPointsForm
          bank={bank.data}
          onCancel={() => setAdjusting(false)}
          onDone={(result) => {
            showMessage(result);
            if (result.tone === 'success') setAdjusting(false);
          }}
        />
      ) : null}
      <div className={styles.buttons}>
        {isImplementedPath(RECEIPTS_PATH) ? (
          <ButtonLink to={receiptsLink} variant="secondary" block>
            View Receipt
          </ButtonLink>
        ) : null}
        {canAdjust && bank.data && !adjusting ? (
          <Button variant="secondary" block onClick={() => setAdjusting(true)}>
            Adjust points
          </Button>
        ) : null}
      </div>
    </DashboardPanel>
  );
}
