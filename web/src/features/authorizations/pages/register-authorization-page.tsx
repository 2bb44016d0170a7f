import type { PatientAuthorization } from '@clinic/contract/authorizations';
import { MSG, msg } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import { type FormEvent, useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { Button } from '../../../components/button';
import { Form, FormActions, FormCard, FormSection } from '../../../components/form-card';
import { PatientDashboardLink } from '../../../components/patient-dashboard-link';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { openPopup, usePopupMessage } from '../../../lib/popup';
import { useSession } from '../../../lib/session';
import { useAddAuthorization } from '../api/add-authorization';
import { useSaveDiagnosisCombiner } from '../api/save-diagnosis-combiner';
import { AuthorizationFields } from '../components/authorization-fields';
import {
  type AuthorizationFormErrors,
  authorizationBody,
  EMPTY_AUTHORIZATION_FORM,
  validateAuthorizationForm,
} from '../components/authorization-form';
import { ChosenRecord } from '../components/chosen-record';
import { CodeSetField, codeList, type SetCode } from '../components/code-set-field';
import styles from './register-authorization-page.module.css';

const TITLE = 'Patient Authorization';
const PATIENT_SEARCH_URL = '/api/patientinfo/search/all';

interface ChosenPatient {
  id: number;
  name: string;
}

type Outcome = { tone: 'success'; patient: ChosenPatient } | { tone: 'error'; text: string };

/** /register/authorization (Creator menu; ADMIN and MANAGER): an authorization with its diagnosis and procedure sets. */
export function RegisterAuthorizationPage() {
  const session = useSession();
  if (!can(session?.role, 'authorization:create')) {
    return (
      <AccessDenied
        title={TITLE}
        reason="Only administrators and managers can register authorizations."
        signedOut={!session}
      />
    );
  }
  return <AuthorizationRegistration />;
}

function patientName(patient: ChosenPatient): string {
  return patient.name || `patient #${patient.id}`;
}

function AuthorizationRegistration() {
  useDocumentTitle(TITLE);
  const add = useAddAuthorization();
  const saveSets = useSaveDiagnosisCombiner();
  const [patient, setPatient] = useState<ChosenPatient | null>(null);
  const [values, setValues] = useState(EMPTY_AUTHORIZATION_FORM);
  const [diagnoses, setDiagnoses] = useState<SetCode[]>([]);
  const [procedures, setProcedures] = useState<SetCode[]>([]);
  const [errors, setErrors] = useState<AuthorizationFormErrors & { patient?: string }>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // An authorization that was created but whose sets were not saved yet: a retry saves only the sets, so
  // the same authorization is never created twice.
  const [created, setCreated] = useState<PatientAuthorization | null>(null);
  const pending = add.isPending || saveSets.isPending;

  usePopupMessage((selection) => {
    if (selection.source !== 'search' || selection.target !== 'patient' || created) return;
    const id = Number(selection.id);
    if (!Number.isInteger(id) || id <= 0) return;
    setPatient({ id, name: selection.name });
    // An insurance record belongs to one patient: choosing another patient unlinks it.
    if (id !== patient?.id) setValues((v) => ({ ...v, insurance: null }));
    setErrors((e) => ({ ...e, patient: undefined }));
    setOutcome(null);
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setOutcome(null);
    let authorization = created;
    if (!authorization) {
      const found: typeof errors = validateAuthorizationForm(values);
      if (!patient) found.patient = MSG.patientNotSelected;
      setErrors(found);
      if (Object.keys(found).length > 0 || !patient) return;
      try {
        authorization = await add.mutateAsync({ patientId: patient.id, ...authorizationBody(values) });
      } catch (error) {
        setOutcome({ tone: 'error', text: msg.error(errorMessage(error)) });
        return;
      }
      setCreated(authorization);
    }
    try {
      await saveSets.mutateAsync({
        authId: authorization.authId,
        diagnosisSet: codeList(diagnoses),
        procedureSet: codeList(procedures),
      });
    } catch (error) {
      const name = authorization.authCode ? `Authorization ${authorization.authCode}` : 'The authorization';
      setOutcome({
        tone: 'error',
        text: `${name} was saved, but its diagnosis and procedure sets were not: ${errorMessage(error)} Check the sets and press Save sets to try again.`,
      });
      return;
    }
    setOutcome({ tone: 'success', patient: patient ?? { id: authorization.patientId, name: '' } });
    setCreated(null);
    setValues(EMPTY_AUTHORIZATION_FORM);
    setDiagnoses([]);
    setProcedures([]);
  }

  return (
    <FormCard
      title={TITLE}
      intro="Record an insurance authorization for a patient: its dates, the visits it allows, and the diagnosis and procedure codes it covers."
    >
      <Form onSubmit={onSubmit} error={outcome?.tone === 'error' ? outcome.text : null}>
        {created ? (
          <StatusMessage tone="info">
            Authorization {created.authCode || `#${created.authId}`} is saved for{' '}
            {patient ? patientName(patient) : `patient #${created.patientId}`}. Only its diagnosis and
            procedure sets remain to be saved; its other fields are locked.
          </StatusMessage>
        ) : null}
        <fieldset className={styles.lock} disabled={created !== null}>
          <legend className="visually-hidden">Patient and authorization</legend>
          <FormSection legend="Patient">
            <ChosenRecord
              label="Patient"
              error={errors.patient}
              chooseLabel={patient ? 'Change patient' : 'Search patients'}
              onChoose={() =>
                openPopup(
                  `/search-popup?type=Patient&inputTarget=patient&url=${encodeURIComponent(PATIENT_SEARCH_URL)}`,
                  { name: 'patient-search' },
                )
              }
            >
              {patient ? (
                <>
                  Authorization for <strong>{patientName(patient)}</strong>
                </>
              ) : (
                MSG.patientNotSelected
              )}
            </ChosenRecord>
          </FormSection>
          <AuthorizationFields
            values={values}
            errors={errors}
            onChange={setValues}
            patientId={patient?.id ?? null}
          />
        </fieldset>

        <CodeSetField kind="diagnosis" codes={diagnoses} onChange={setDiagnoses} />
        <CodeSetField kind="procedure" codes={procedures} onChange={setProcedures} />

        <div aria-live="polite">
          {outcome?.tone === 'success' ? (
            <StatusMessage tone="success">
              {MSG.authorizationSaved}{' '}
              <PatientDashboardLink patientId={outcome.patient.id}>
                Open {patientName(outcome.patient)}’s dashboard
              </PatientDashboardLink>
            </StatusMessage>
          ) : null}
        </div>
        <FormActions>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : created ? 'Save sets' : 'Save Authorization'}
          </Button>
        </FormActions>
      </Form>
    </FormCard>
  );
}
