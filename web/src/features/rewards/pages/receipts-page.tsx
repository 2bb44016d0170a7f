import { MSG } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import type { Receipt } from '@clinic/contract/receipts';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { StatusMessage } from '../../../components/status-message';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { parsePatientId } from '../../../lib/patient-id';
import { usePointsBank } from '../../../lib/points-bank';
import { useSession } from '../../../lib/session';
import { useFlashMessage } from '../../../lib/use-flash-message';
import { useHandOverReceipt } from '../api/hand-over-receipt';
import { useBankReceipts } from '../api/list-bank-receipts';
import { ReceiptsTable } from '../components/receipts-table';
import styles from './receipts-page.module.css';

const ALL_PATIENTS_PATH = '/allpatients';

export interface ReceiptsPageProps {
  /** Whose history staff are looking at (the app supplies the patient's name; the page knows only the id). */
  patientLabel?: (patientId: number) => ReactNode;
}

/**
 * /patientreceipt, 'My Rewards History' (spec §2): a patient sees their own receipts, always those of the
 * signed-in patient (a ?patientId= in the address is not theirs to choose); staff open a patient's with
 * ?patientId=.
 */
export function ReceiptsPage({ patientLabel = (id) => `Patient #${id}` }: ReceiptsPageProps) {
  const session = useSession();
  const [search] = useSearchParams();
  const isPatient = can(session?.role, 'points:read:own');
  const isStaff = can(session?.role, 'points:read:any');
  const title = isStaff ? 'Rewards History' : 'My Rewards History';
  useDocumentTitle(title);
  const patientId = isPatient
    ? parsePatientId(session?.patientId)
    : isStaff
      ? parsePatientId(search.get('patientId'))
      : null;

  let body: ReactNode;
  if (!session) {
    body = (
      <p>
        Please <Link to="/login/patient">sign in</Link> to see your rewards history.
      </p>
    );
  } else if (patientId === null && isStaff) {
    body = (
      <p>
        Choose a patient first: open their dashboard from <Link to={ALL_PATIENTS_PATH}>All Patients</Link> and
        choose View Receipt.
      </p>
    );
  } else if (patientId === null) {
    body = <StatusMessage tone="error">{MSG.noPatientIdStored}</StatusMessage>;
  } else {
    body = <PatientReceipts patientId={patientId} mayHandOver={can(session.role, 'points:manage')} />;
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {isStaff && patientId !== null ? <p className={styles.lead}>{patientLabel(patientId)}</p> : null}
      {body}
    </div>
  );
}

function PatientReceipts({ patientId, mayHandOver }: { patientId: number; mayHandOver: boolean }) {
  const bank = usePointsBank(patientId);
  const handOver = useHandOverReceipt();
  const [asking, setAsking] = useState<Receipt | null>(null);
  const [flash, showFlash] = useFlashMessage();
  // A patient without a bank has bought nothing yet.
  const noBank = bank.error instanceof ApiError && bank.error.status === 404;
  const receipts = useBankReceipts(bank.data?.pointsBankId ?? null);

  if (bank.isError && !noBank && !bank.data) {
    return <StatusMessage tone="error">{errorMessage(bank.error)}</StatusMessage>;
  }
  if (noBank || (receipts.isSuccess && receipts.items.length === 0)) {
    return <EmptyState>{MSG.noReceiptsYet}</EmptyState>;
  }
  if (receipts.isError) return <StatusMessage tone="error">{errorMessage(receipts.error)}</StatusMessage>;
  if (!receipts.isSuccess) return <p role="status">Loading receipts…</p>;

  return (
    <>
      <p className={styles.count} role="status">
        {`${receipts.items.length} ${receipts.items.length === 1 ? 'receipt' : 'receipts'}, newest first${
          receipts.hasNextPage ? '; older ones follow' : ''
        }.`}
      </p>
      {flash ? <StatusMessage tone={flash.tone}>{flash.text}</StatusMessage> : null}
      <ReceiptsTable
        receipts={receipts.items}
        caption="Rewards bought with points, newest first"
        onHandOver={mayHandOver ? setAsking : undefined}
      />
      <ConfirmDialog
        open={asking !== null}
        title={`Hand over ${asking?.name || 'the reward'}`}
        confirmLabel="Mark handed over"
        busy={handOver.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (!asking) return;
          handOver.mutate(asking.receipt_id, {
            onSuccess: () => showFlash({ tone: 'success', text: MSG.rewardHandedOver }),
            onError: (error) => showFlash({ tone: 'error', text: errorMessage(error) }),
            onSettled: () => setAsking(null),
          });
        }}
      >
        <p>{MSG.confirmHandOver}</p>
      </ConfirmDialog>
      {receipts.hasNextPage ? (
        <div className={styles.more}>
          <Button variant="secondary" onClick={receipts.loadMore} disabled={receipts.isFetchingNextPage}>
            {receipts.isFetchingNextPage ? 'Loading…' : 'Show older receipts'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
