import { MSG } from '@clinic/contract/messages';
import type { Patient } from '@clinic/contract/patients';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { EmailAddress } from '../../../components/email-address';
import { StatusMessage } from '../../../components/status-message';
import { useFlashMessage } from '../../../lib/use-flash-message';
import { DashboardPanel } from './dashboard-panel';
import { PatientAccountForm } from './patient-account-form';
import { PatientDetailsForm } from './patient-details-form';
import styles from './profile-panel.module.css';

type Mode = 'view' | 'details' | 'account';

interface ProfilePanelProps {
  patient: Patient;
  /** The patient themself (spec §6: profile edit is PATIENT only); staff see the profile read-only. */
  editable: boolean;
}

function Entry({ term, children, wide }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={[styles.entry, wide ? styles.wide : ''].filter(Boolean).join(' ')}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const orDash = (value: string | null | undefined) => (value?.trim() ? value : '—');

export function ProfileSummary({ patient }: { patient: Patient }) {
  return (
    <dl className={styles.summary}>
      <Entry term="Name">
        {patient.firstName} {patient.lastName}
      </Entry>
      <Entry term="Username">{orDash(patient.username)}</Entry>
      <Entry term="Email">{patient.email?.trim() ? <EmailAddress address={patient.email} /> : '—'}</Entry>
      <Entry term="Phone">{orDash(patient.phoneNumber)}</Entry>
      <Entry term="Date of birth">
        {patient.dateOfBirth ? `${patient.dateOfBirth} (age ${patient.age})` : '—'}
      </Entry>
      <Entry term="Sex">{orDash(patient.sex)}</Entry>
      <Entry term="Notes" wide>
        {orDash(patient.notes)}
      </Entry>
    </dl>
  );
}

/** The profile card: a summary, and for the patient the two edit forms (details, account). */
export function ProfilePanel({ patient, editable }: ProfilePanelProps) {
  const [mode, setMode] = useState<Mode>('view');
  const [flash, showFlash] = useFlashMessage();
  const returnFocusTo = useRef<Exclude<Mode, 'view'> | null>(null);
  const actionsRef = useRef<HTMLSpanElement>(null);

  // Back from a form, focus returns to the button that opened it.
  useEffect(() => {
    if (mode !== 'view' || returnFocusTo.current === null) return;
    actionsRef.current?.querySelector<HTMLElement>(`[data-opens="${returnFocusTo.current}"]`)?.focus();
    returnFocusTo.current = null;
  }, [mode]);

  const open = (next: Exclude<Mode, 'view'>) => {
    showFlash(null);
    returnFocusTo.current = next;
    setMode(next);
  };
  const close = (message?: string) => {
    setMode('view');
    if (message) showFlash({ tone: 'success', text: message });
  };

  const actions =
    editable && mode === 'view' ? (
      <span ref={actionsRef} className={styles.actions}>
        <Button variant="secondary" data-opens="details" onClick={() => open('details')}>
          Edit details
        </Button>
        <Button variant="secondary" data-opens="account" onClick={() => open('account')}>
          Edit account
        </Button>
      </span>
    ) : null;

  const title = mode === 'details' ? 'Edit details' : mode === 'account' ? 'Edit account' : 'Profile';

  return (
    <DashboardPanel title={title} actions={actions}>
      {flash ? <StatusMessage tone={flash.tone}>{flash.text}</StatusMessage> : null}
      {mode === 'view' || !editable ? <ProfileSummary patient={patient} /> : null}
      {editable && mode === 'details' ? (
        <PatientDetailsForm
          patient={patient}
          onSaved={() => close(MSG.detailsUpdated)}
          onCancel={() => close()}
        />
      ) : null}
      {editable && mode === 'account' ? (
        <PatientAccountForm
          patient={patient}
          onSaved={() => close(MSG.accountUpdated)}
          onCancel={() => close()}
        />
      ) : null}
    </DashboardPanel>
  );
}
