import { CAROUSEL_TRANSITION_MS, SUCCESS_MESSAGE_MS } from '@clinic/contract/constants';
import type { InsurancePatientRecord } from '@clinic/contract/insurance-patients';
import { MSG, msg } from '@clinic/contract/messages';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Carousel } from '../../../components/carousel';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { isImplementedPath } from '../../../lib/page-paths';
import { useDeleteInsurancePatient } from '../api/delete-insurance-patient';
import { usePatientInsuranceRecords } from '../api/get-patient-insurance-records';
import { InsuranceRecordCard } from './insurance-record-card';
import { recordTitle } from './insurance-record-text';
import styles from './patient-insurance-records.module.css';

const REGISTER_PATH = '/register/insurance-patient';
const DELETED = 'Insurance record deleted.';

interface PatientInsuranceRecordsProps {
  patientId: number;
  /** ADMIN and MANAGER (spec §6 'Points and insurance editing on patient dashboard'). */
  canManage: boolean;
}

/**
 * The dashboard's insurance carousel (spec §2): one record at a time, moved by hand (records are read and
 * edited, so nothing plays by itself). Managers edit a record in place or delete it after a confirmation.
 */
export function PatientInsuranceRecords({ patientId, canManage }: PatientInsuranceRecordsProps) {
  const records = usePatientInsuranceRecords(patientId);
  const remove = useDeleteInsurancePatient();
  const [toDelete, setToDelete] = useState<InsurancePatientRecord | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const focusAfterDelete = useRef(false);

  // Success messages go after 3 s (spec §9).
  useEffect(() => {
    if (flash === null) return undefined;
    const timer = window.setTimeout(() => setFlash(null), SUCCESS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [flash]);

  // The deleted record's card (and its Delete button) is gone: focus stays in the panel, not on the page.
  useEffect(() => {
    if (toDelete !== null || !focusAfterDelete.current) return;
    focusAfterDelete.current = false;
    rootRef.current?.focus();
  }, [toDelete]);

  if (records.isPending) return <p role="status">Loading insurance…</p>;
  if (records.isError) {
    return <StatusMessage tone="error">{msg.failedToLoadData(errorMessage(records.error))}</StatusMessage>;
  }

  function askToDelete(record: InsurancePatientRecord) {
    remove.reset();
    setFlash(null);
    setToDelete(record);
  }

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.insptId, {
      onSuccess: () => {
        focusAfterDelete.current = true;
        setToDelete(null);
        setFlash(DELETED);
      },
    });
  }

  const list = records.data;
  return (
    <div ref={rootRef} tabIndex={-1} className={styles.root}>
      <div aria-live="polite">{flash ? <StatusMessage tone="success">{flash}</StatusMessage> : null}</div>
      {list.length === 0 ? (
        <p className={styles.empty}>
          No insurance on file.
          {canManage && isImplementedPath(REGISTER_PATH) ? (
            <>
              {' '}
              <Link to={REGISTER_PATH}>Register an insurance record</Link>
            </>
          ) : null}
        </p>
      ) : (
        <Carousel
          label="Insurance records"
          transitionMs={CAROUSEL_TRANSITION_MS}
          slides={list.map((record, index) => ({
            key: record.insptId,
            name: recordTitle(record),
            content: (
              <InsuranceRecordCard
                record={record}
                position={list.length > 1 ? `${index + 1} of ${list.length}` : undefined}
                canManage={canManage}
                onSaved={() => setFlash(MSG.insuranceRecordSaved)}
                onDelete={askToDelete}
              />
            ),
          }))}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete insurance record?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        <p>
          {toDelete ? (
            <>
              Delete <strong>{recordTitle(toDelete)}</strong> (record #{toDelete.insptId}) from this patient?
              This cannot be undone.
            </>
          ) : null}
        </p>
        {remove.isError ? (
          <StatusMessage tone="error">{`${MSG.failedToDelete}: ${errorMessage(remove.error)}`}</StatusMessage>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
