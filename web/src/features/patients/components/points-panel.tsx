import { msg } from '@clinic/contract/messages';
import { ButtonLink } from '../../../components/button';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { isImplementedPath } from '../../../lib/page-paths';
import { usePointsBank } from '../api/get-points-bank';
import { DashboardPanel } from './dashboard-panel';
import styles from './points-panel.module.css';

const RECEIPTS_PATH = '/patientreceipt';

/** Total points, refreshed every 30 s, with the way to the receipts once that page exists. */
export function PointsPanel({ patientId }: { patientId: number }) {
  const bank = usePointsBank(patientId);
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
      {isImplementedPath(RECEIPTS_PATH) ? (
        <ButtonLink to={receiptsLink} variant="secondary" block>
          View Receipt
        </ButtonLink>
      ) : null}
    </DashboardPanel>
  );
}
