import type { InsurancePatientRecord } from '@clinic/contract/insurance-patients';
import { MSG } from '@clinic/contract/messages';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PopupChoice, PopupChoices } from '../../../components/popup-choices';
import { PopupPage } from '../../../components/popup-page';
import { StatusMessage } from '../../../components/status-message';
import { INSURANCE_RECORD_POPUP_SOURCE, sendToOpener } from '../../../lib/popup';
import { usePatientInsuranceRecords } from '../api/get-patient-insurance-records';
import { insuranceName, recordTitle } from '../components/insurance-record-text';
import styles from './insurance-record-selector-page.module.css';

const TITLE = 'Choose an Insurance Record';

/** Told when the popup was opened directly, so a choice has nowhere to go. */
export const NO_OPENER_MESSAGE =
  'This window was not opened from a form, so the record cannot be sent back. Close it and use the form’s button.';

/** The patient id of the query string: a whole number above 0, or null. */
function parsePatientId(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value.trim())) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The record's insptId when it is usable, else null ('No valid insptId found.'). */
function recordId(record: InsurancePatientRecord): number | null {
  const id = record.insptId;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The display text sent with the choice: '<insurance> — <subscriber> (#<insptId>)'. */
export function recordDisplayName(record: InsurancePatientRecord, insptId: number): string {
  return `${recordTitle(record)} (#${insptId})`;
}

/**
 * /insurance-record-selector?patientId= (spec §2 Popups, outside the layout): the patient's insurance
 * records as insurance name, subscriber and id; a click sends the record's insptId and a display text to
 * the opener (source INSURANCE_RECORD_POPUP_SOURCE) and closes the window.
 */
export function InsuranceRecordSelectorPage({
  patientLabel = (id) => `Patient #${id}`,
}: {
  /** Whose records these are (the app supplies the patient's name; the popup knows only the id). */
  patientLabel?: (patientId: number) => ReactNode;
}) {
  const [params] = useSearchParams();
  const patientId = parsePatientId(params.get('patientId'));
  if (patientId === null) {
    return (
      <PopupPage title={TITLE}>
        <StatusMessage tone="error">{MSG.noIdProvided}</StatusMessage>
        <p>
          This list needs a patient. Close this window, choose the patient in the form, then open it again.
        </p>
      </PopupPage>
    );
  }
  return (
    <RecordList
      patientId={patientId}
      patient={patientLabel(patientId)}
      target={params.get('inputTarget') ?? undefined}
    />
  );
}

interface RecordListProps {
  patientId: number;
  patient: ReactNode;
  target: string | undefined;
}

function RecordList({ patientId, patient, target }: RecordListProps) {
  const records = usePatientInsuranceRecords(patientId);
  const [notice, setNotice] = useState<string | null>(null);

  function choose(record: InsurancePatientRecord) {
    const insptId = recordId(record);
    if (insptId === null) {
      setNotice(MSG.noValidInsptId);
      return;
    }
    const sent = sendToOpener({
      source: INSURANCE_RECORD_POPUP_SOURCE,
      target,
      id: insptId,
      name: recordDisplayName(record, insptId),
    });
    setNotice(sent ? null : NO_OPENER_MESSAGE);
  }

  const list = records.data ?? [];
  return (
    <PopupPage title={TITLE} intro={<>Insurance records of {patient}. Choose one.</>}>
      {notice ? <StatusMessage tone="error">{notice}</StatusMessage> : null}
      {records.isPending ? (
        <p role="status">Loading insurance records…</p>
      ) : records.isError ? (
        <StatusMessage tone="error">{MSG.failedToFetchInsuranceRecords}</StatusMessage>
      ) : list.length === 0 ? (
        <p className={styles.count}>No insurance records on file for this patient.</p>
      ) : (
        <>
          <p className={styles.count}>
            {list.length} record{list.length === 1 ? '' : 's'}
          </p>
          <PopupChoices>
            {list.map((record, index) => {
              const insptId = recordId(record);
              return (
                <PopupChoice
                  key={insptId ?? `no-id-${index}`}
                  title={insuranceName(record)}
                  onChoose={() => choose(record)}
                >
                  <span>Subscriber: {record.subscriber.trim() || 'Not provided'}</span>
                  <span>{insptId !== null ? `Record #${insptId}` : 'No record id'}</span>
                </PopupChoice>
              );
            })}
          </PopupChoices>
        </>
      )}
    </PopupPage>
  );
}
