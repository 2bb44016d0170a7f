import type { InventoryItem } from '@clinic/contract/inventory';
import { MSG } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import type { PointsBank } from '@clinic/contract/points';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage, withServerReason } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { parsePatientId } from '../../../lib/patient-id';
import { usePointsBank } from '../../../lib/points-bank';
import { useSession } from '../../../lib/session';
import { useFlashMessage } from '../../../lib/use-flash-message';
import { useInventory } from '../api/list-inventory';
import { usePurchaseReward } from '../api/purchase-reward';
import { pointsText } from '../components/inventory-values';
import { ProgramExplanation } from '../components/program-explanation';
import { type RewardAction, RewardCard } from '../components/reward-card';
import styles from './rewards-page.module.css';

const RECEIPTS_PATH = '/patientreceipt';

/** Why a patient cannot buy an item now, or null when they can. */
function whyNotBuyable(
  item: InventoryItem,
  bank: { data?: PointsBank; isError: boolean; isPending: boolean; fetchStatus: string },
): string | null {
  if (bank.isError || (bank.isPending && bank.fetchStatus === 'idle'))
    return 'Your points balance could not be loaded.';
  if (!bank.data) return 'Loading your points balance…';
  const missing = item.price - bank.data.totalPoints;
  return missing > 0 ? `You need ${pointsText(missing)} more for this reward.` : null;
}

/**
 * /pointpatientinventory, Rewards (spec §2): the program, the signed-in patient's balance and the rewards
 * on sale today. A patient buys with a confirmation; everyone else is told to log in as a patient.
 */
export function RewardsPage() {
  useDocumentTitle('Rewards');
  const session = useSession();
  const isBuyer = can(session?.role, 'reward:buy');
  const patientId = isBuyer ? parsePatientId(session?.patientId) : null;
  const bank = usePointsBank(patientId);
  const rewards = useInventory({ available: true });
  const purchase = usePurchaseReward();
  const [buying, setBuying] = useState<InventoryItem | null>(null);
  const [message, showMessage] = useFlashMessage();

  const confirmPurchase = async () => {
    if (!buying || !bank.data) return;
    try {
      await purchase.mutateAsync({
        inventoryId: buying.inventory_id,
        pointsBankId: bank.data.pointsBankId,
        price: buying.price,
      });
      showMessage({ tone: 'success', text: MSG.purchaseComplete });
    } catch (error) {
      showMessage({ tone: 'error', text: withServerReason(MSG.errorCompletingPurchase, error) });
    } finally {
      setBuying(null);
    }
  };

  const actionFor = (item: InventoryItem): RewardAction =>
    isBuyer
      ? { kind: 'buy', onBuy: () => setBuying(item), disabledReason: whyNotBuyable(item, bank) }
      : { kind: 'login-hint', signedOut: !session };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Rewards</h1>
        <p className={styles.lead}>Earn points with every visit and spend them on the rewards below.</p>
      </header>
      <ProgramExplanation />

      {isBuyer ? (
        <p className={styles.balance}>
          <span className={styles.balanceLabel}>Your balance</span>
          <span className={styles.balanceValue} aria-live="polite">
            {bank.data ? pointsText(bank.data.totalPoints) : bank.isError ? '—' : '…'}
          </span>
        </p>
      ) : null}
      {isBuyer && patientId === null ? (
        <StatusMessage tone="error">{MSG.noPatientIdStored}</StatusMessage>
      ) : null}
      {bank.isError ? (
        <StatusMessage tone="error">{`Your points could not be loaded: ${errorMessage(bank.error)}`}</StatusMessage>
      ) : null}

      {message ? (
        <StatusMessage tone={message.tone}>
          {message.text}
          {message.tone === 'success' ? (
            <>
              {' '}
              <Link to={RECEIPTS_PATH}>View My Rewards History</Link>
            </>
          ) : null}
        </StatusMessage>
      ) : null}

      {rewards.isPending ? (
        <p role="status">Loading rewards…</p>
      ) : rewards.isError ? (
        <StatusMessage tone="error">{errorMessage(rewards.error)}</StatusMessage>
      ) : rewards.items.length === 0 ? (
        <EmptyState>{MSG.noRewardsAvailable}</EmptyState>
      ) : (
        <ul className={styles.grid} aria-label="Rewards on sale">
          {rewards.items.map((item) => (
            <li key={item.inventory_id}>
              <RewardCard item={item} action={actionFor(item)} />
            </li>
          ))}
        </ul>
      )}
      {rewards.hasNextPage ? (
        <Button variant="secondary" onClick={rewards.loadMore} disabled={rewards.isFetchingNextPage}>
          {rewards.isFetchingNextPage ? 'Loading…' : 'Show more rewards'}
        </Button>
      ) : null}

      <ConfirmDialog
        open={buying !== null}
        title={buying ? `Spend ${pointsText(buying.price)} on ${buying.title}?` : ''}
        confirmLabel="Buy"
        busy={purchase.isPending}
        onConfirm={() => void confirmPurchase()}
        onCancel={() => setBuying(null)}
      >
        <p>
          The points leave your balance at once. Your reward waits in My Rewards History until you use it at a
          visit.
        </p>
      </ConfirmDialog>
    </div>
  );
}
