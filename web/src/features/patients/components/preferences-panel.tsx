import { MSG, msg } from '@clinic/contract/messages';
import { isValidEmail, isValidPhone } from '@clinic/contract/patient-details';
import type { PatientPermissions, PreferenceFlag } from '@clinic/contract/patient-permissions';
import type { Patient } from '@clinic/contract/patients';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/button';
import { EmailAddress } from '../../../components/email-address';
import { Form } from '../../../components/form-card';
import { TextField } from '../../../components/form-field';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useFlashMessage } from '../../../lib/use-flash-message';
import { useCreatePatientPreferences } from '../api/create-patient-preferences';
import { usePatientPreferences } from '../api/get-patient-preferences';
import { type PreferenceValues, useUpdatePatientPreferences } from '../api/save-patient-preferences';
import styles from './preferences-panel.module.css';

/** The six opt-ins, grouped by what the messages are about, each by text and by e-mail. */
const GROUPS: { legend: string; text: PreferenceFlag; email: PreferenceFlag }[] = [
  { legend: 'Promotions', text: 'allowPromotionText', email: 'allowPromotionEmail' },
  {
    legend: 'Appointment reminders',
    text: 'allowAppointmentReminderText',
    email: 'allowAppointmentReminderEmail',
  },
  {
    legend: 'Authorization reminders',
    text: 'allowAuthorizationReminderText',
    email: 'allowAuthorizationReminderEmail',
  },
];

function valuesOf(record: PatientPermissions | null, patient: Patient): PreferenceValues {
  return {
    email: record ? record.email : patient.email,
    phone: record ? record.phone : patient.phoneNumber,
    allowPromotionText: record?.allowPromotionText ?? false,
    allowPromotionEmail: record?.allowPromotionEmail ?? false,
    allowAppointmentReminderText: record?.allowAppointmentReminderText ?? false,
    allowAppointmentReminderEmail: record?.allowAppointmentReminderEmail ?? false,
    allowAuthorizationReminderText: record?.allowAuthorizationReminderText ?? false,
    allowAuthorizationReminderEmail: record?.allowAuthorizationReminderEmail ?? false,
  };
}

interface PreferencesPanelProps {
  patient: Patient;
  /** Saving preferences is the patient's alone (spec §6); staff see them read-only. */
  editable: boolean;
  /** Shown under the preferences when open (for staff: where to see the messages sent). */
  after?: ReactNode;
}

/** Communication preferences (spec §3 Patient permissions), collapsed until asked for. */
export function PreferencesPanel({ patient, editable, after }: PreferencesPanelProps) {
  const [expanded, setExpanded] = useState(false);
  const contentId = useId();
  const headingId = useId();

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        <button
          type="button"
          className={styles.disclosure}
          aria-expanded={expanded}
          aria-controls={contentId}
          onClick={() => setExpanded((open) => !open)}
        >
          <span>Communication preferences</span>
          <svg className={styles.chevron} viewBox="0 0 12 12" width="14" height="14" aria-hidden="true">
            <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        </button>
      </h2>
      <div id={contentId} hidden={!expanded} className={styles.content}>
        {expanded ? (
          <>
            <PreferencesContent patient={patient} editable={editable} />
            {after}
          </>
        ) : null}
      </div>
    </section>
  );
}

function PreferencesContent({ patient, editable }: PreferencesPanelProps) {
  const preferences = usePatientPreferences(patient.patientId);

  if (preferences.isPending) return <p role="status">Loading preferences…</p>;
  if (preferences.isError) {
    return (
      <StatusMessage tone="error">{msg.failedToLoadData(errorMessage(preferences.error))}</StatusMessage>
    );
  }
  const record = preferences.data;
  if (!editable) return <PreferencesSummary record={record} />;
  return <PreferencesForm patient={patient} record={record} />;
}

function PreferencesSummary({ record }: { record: PatientPermissions | null }) {
  if (!record) return <p className={styles.empty}>No communication preferences recorded.</p>;
  const answer = (allowed: boolean) => (allowed ? 'Allowed' : 'Not allowed');
  return (
    <>
      <table className={styles.table}>
        <caption className="visually-hidden">Messages the patient agreed to receive</caption>
        <thead>
          <tr>
            <th scope="col">Messages</th>
            <th scope="col">Text</th>
            <th scope="col">Email</th>
          </tr>
        </thead>
        <tbody>
          {GROUPS.map((group) => (
            <tr key={group.legend}>
              <th scope="row">{group.legend}</th>
              <td>{answer(record[group.text])}</td>
              <td>{answer(record[group.email])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={styles.contact}>
        <div>
          <dt>Email for messages</dt>
          <dd>{record.email ? <EmailAddress address={record.email} /> : '—'}</dd>
        </div>
        <div>
          <dt>Phone for texts</dt>
          <dd>{record.phone || '—'}</dd>
        </div>
      </dl>
    </>
  );
}

function PreferencesForm({ patient, record }: { patient: Patient; record: PatientPermissions | null }) {
  const [values, setValues] = useState<PreferenceValues>(() => valuesOf(record, patient));
  const [errors, setErrors] = useState<{ email?: string; phone?: string }>({});
  const [flash, showFlash] = useFlashMessage();
  const update = useUpdatePatientPreferences(patient.patientId);
  const create = useCreatePatientPreferences(patient.patientId);
  const saving = update.isPending || create.isPending;

  const setFlag = (flag: PreferenceFlag, checked: boolean) => setValues((v) => ({ ...v, [flag]: checked }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cleaned = { ...values, email: values.email.trim(), phone: values.phone.trim() };
    const found = {
      ...(cleaned.email && !isValidEmail(cleaned.email) ? { email: 'Enter a valid email address.' } : {}),
      ...(cleaned.phone && !isValidPhone(cleaned.phone) ? { phone: 'Enter a valid phone number.' } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const callbacks = {
      onSuccess: () => showFlash({ tone: 'success', text: MSG.preferencesUpdated }),
      onError: (error: unknown) =>
        showFlash({ tone: 'error', text: msg.failedToUpdatePreferences(errorMessage(error)) }),
    };
    // No record yet: the first save creates it. A record must carry its id to be changed (spec §5).
    if (record === null) {
      create.mutate(cleaned, callbacks);
      return;
    }
    if (!record.permissionId) {
      showFlash({ tone: 'error', text: MSG.permissionIdMissing });
      return;
    }
    update.mutate({ permissionId: record.permissionId, values: cleaned }, callbacks);
  };

  return (
    <Form
      onSubmit={onSubmit}
      error={flash?.tone === 'error' ? flash.text : null}
      aria-label="Communication preferences"
    >
      <p className={styles.intro}>Choose which messages we may send you, and where.</p>
      <div className={styles.groups}>
        {GROUPS.map((group) => (
          <fieldset key={group.legend} className={styles.group}>
            <legend>{group.legend}</legend>
            <label className={styles.check}>
              <input
                type="checkbox"
                name={group.text}
                checked={values[group.text]}
                onChange={(event) => setFlag(group.text, event.target.checked)}
              />
              Text messages
            </label>
            <label className={styles.check}>
              <input
                type="checkbox"
                name={group.email}
                checked={values[group.email]}
                onChange={(event) => setFlag(group.email, event.target.checked)}
              />
              Emails
            </label>
          </fieldset>
        ))}
      </div>
      <div className={styles.contactFields}>
        <TextField
          label="Email for messages"
          hint="The e-mail on your profile: a change here changes it there too."
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={(event) => setValues((v) => ({ ...v, email: event.target.value }))}
        />
        <TextField
          label="Phone for texts"
          hint="The phone on your profile: a change here changes it there too."
          name="phone"
          type="tel"
          autoComplete="tel"
          value={values.phone}
          error={errors.phone}
          onChange={(event) => setValues((v) => ({ ...v, phone: event.target.value }))}
        />
      </div>
      {flash && flash.tone !== 'error' ? <StatusMessage tone={flash.tone}>{flash.text}</StatusMessage> : null}
      <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
        {saving ? 'Saving…' : 'Save preferences'}
      </Button>
    </Form>
  );
}
