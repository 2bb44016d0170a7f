import type { InsurancePatientRecord } from '@clinic/contract/insurance-patients';
import { MSG, msg } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import { type FormEvent, useId, useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { Button } from '../../../components/button';
import { Form, FormActions, FormCard, FormSection } from '../../../components/form-card';
import { useFieldError } from '../../../components/form-field';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { openPopup, usePopupMessage } from '../../../lib/popup';
import { useSession } from '../../../lib/session';
import { useSaveInsurancePatient } from '../api/save-insurance-patient';
import { InsuranceRecordFields } from '../components/insurance-record-fields';
import {
  EMPTY_INSURANCE_RECORD,
  type InsuranceRecordErrors,
  insuranceRecordBody,
  validateInsuranceRecord,
} from '../components/insurance-record-form';
import styles from './register-insurance-patient-page.module.css';

const TITLE = 'Insurance Patient Registration';

/** What each search popup is asked for (decision 0016: only this site's /api/ URLs are searched). */
const CHOOSERS = {
  patient: {
    label: 'Patient',
    type: 'Patient',
    url: '/api/patientinfo/search/all',
    button: 'Search patients',
    none: 'No patient selected',
  },
  insurance: {
    label: 'Insurance',
    type: 'Insurance',
    url: '/api/insurance/search',
    button: 'Search insurances',
    none: 'No insurance selected',
  },
} as const;
type Chooser = keyof typeof CHOOSERS;

interface Chosen {
  id: number;
  name: string;
}

function searchPopupPath(chooser: Chooser): string {
  const { type, url } = CHOOSERS[chooser];
  return `/search-popup?type=${type}&inputTarget=${chooser}&url=${encodeURIComponent(url)}`;
}

/** /register/insurance-patient (Creator menu; ADMIN and MANAGER, spec §2, §5, §6). */
export function RegisterInsurancePatientPage() {
  const session = useSession();
  if (!can(session?.role, 'insurance-patient:manage')) {
    return (
      <AccessDenied
        title={TITLE}
        reason="Only managers and administrators can link patients to insurances."
        signedOut={!session}
      />
    );
  }
  return <InsurancePatientRegistration />;
}

type Status = { tone: 'success' | 'error'; text: string } | null;

/** The message after a save, from the server's answer (falling back to what was chosen). */
function savedMessage(
  saved: Partial<InsurancePatientRecord> | undefined,
  patient: Chosen,
  insurance: Chosen,
) {
  const insName = saved?.insName?.trim() || insurance.name;
  const record = typeof saved?.insptId === 'number' ? ` (record #${saved.insptId})` : '';
  return `${MSG.insuranceRecordSaved} ${insName} for ${patient.name}${record}.`;
}

function InsurancePatientRegistration() {
  useDocumentTitle(TITLE);
  const save = useSaveInsurancePatient();
  const [chosen, setChosen] = useState<Record<Chooser, Chosen | null>>({ patient: null, insurance: null });
  const [values, setValues] = useState(EMPTY_INSURANCE_RECORD);
  const [errors, setErrors] = useState<InsuranceRecordErrors>({});
  const [status, setStatus] = useState<Status>(null);
  // The first choice still missing at the last submit: it carries the spec's message, in the summary too.
  const [missing, setMissing] = useState<Chooser | null>(null);

  usePopupMessage((selection) => {
    if (selection.source !== 'search') return;
    const chooser = selection.target;
    if (chooser !== 'patient' && chooser !== 'insurance') return;
    const id = Number(selection.id);
    if (!Number.isSafeInteger(id) || id <= 0) return;
    setChosen((c) => ({ ...c, [chooser]: { id, name: selection.name } }));
    setStatus(null);
    setMissing(null);
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    const { patient, insurance } = chosen;
    setMissing(!patient ? 'patient' : !insurance ? 'insurance' : null);
    if (!patient || !insurance) return;
    const found = validateInsuranceRecord(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await save.mutateAsync({
        patientId: patient.id,
        insId: insurance.id,
        ...insuranceRecordBody(values),
      });
      setStatus({ tone: 'success', text: savedMessage(saved, patient, insurance) });
      setChosen({ patient: null, insurance: null });
      setValues(EMPTY_INSURANCE_RECORD);
    } catch (error) {
      setStatus({ tone: 'error', text: msg.error(errorMessage(error)) });
    }
  }

  return (
    <FormCard
      title={TITLE}
      intro="Link a patient to an insurance plan: who the subscriber is, which visit types the plan pays for, and the co-pay."
    >
      <Form onSubmit={onSubmit} error={status?.tone === 'error' ? status.text : null}>
        <FormSection legend="Patient and insurance">
          {(Object.keys(CHOOSERS) as Chooser[]).map((chooser) => (
            <ChosenRecord
              key={chooser}
              chooser={chooser}
              chosen={chosen[chooser]}
              error={missing === chooser ? MSG.patientAndInsuranceRequired : undefined}
              onSearch={() => openPopup(searchPopupPath(chooser), { name: `${chooser}-search` })}
            />
          ))}
        </FormSection>
        <FormSection legend="Coverage">
          <InsuranceRecordFields values={values} errors={errors} onChange={setValues} />
        </FormSection>
        <div aria-live="polite">
          {status?.tone === 'success' ? <StatusMessage tone="success">{status.text}</StatusMessage> : null}
        </div>
        <FormActions>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save insurance record'}
          </Button>
        </FormActions>
      </Form>
    </FormCard>
  );
}

interface ChosenRecordProps {
  chooser: Chooser;
  chosen: Chosen | null;
  /** Shown when this choice is missing at a submit; listed in the form's error summary. */
  error?: string;
  onSearch: () => void;
}

/** A required choice made in the search popup: what is chosen so far, and the button that opens it. */
function ChosenRecord({ chooser, chosen, error, onSearch }: ChosenRecordProps) {
  const id = useId();
  useFieldError(`${id}-button`, CHOOSERS[chooser].label, error);
  return (
    <div className={styles.chooser} data-chooser={chooser}>
      <p id={id} className={styles.chosen} aria-live="polite">
        <span className={styles.label}>
          {CHOOSERS[chooser].label}
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        </span>
        {chosen ? (
          <span className={styles.value}>
            <strong>{chosen.name}</strong> <span className={styles.id}>#{chosen.id}</span>
          </span>
        ) : (
          <span className={styles.none}>{CHOOSERS[chooser].none}</span>
        )}
      </p>
      <Button
        id={`${id}-button`}
        variant="secondary"
        aria-describedby={error ? `${id} ${id}-error` : id}
        aria-invalid={error ? true : undefined}
        onClick={onSearch}
      >
        {CHOOSERS[chooser].button}
      </Button>
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
