import { msg } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { AccessDenied } from '../../../components/access-denied';
import { Button } from '../../../components/button';
import { Form, FormActions, FormCard } from '../../../components/form-card';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { useAddInsurance } from '../api/add-insurance';
import {
  EMPTY_INSURANCE_FORM,
  type InsuranceFormErrors,
  insuranceInput,
  validateInsuranceForm,
} from '../components/insurance-form';
import { InsuranceFormFields } from '../components/insurance-form-fields';

const TITLE = 'Register Insurance';

/** /register/insurance (ADMIN, MANAGER). */
export function RegisterInsurancePage() {
  const session = useSession();
  if (!can(session?.role, 'insurance:manage')) {
    return (
      <AccessDenied
        title={TITLE}
        reason="Only managers and administrators can register insurances."
        signedOut={!session}
      />
    );
  }
  return <InsuranceRegistration />;
}

function InsuranceRegistration() {
  useDocumentTitle(TITLE);
  const add = useAddInsurance();
  const [values, setValues] = useState(EMPTY_INSURANCE_FORM);
  const [errors, setErrors] = useState<InsuranceFormErrors>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    const found = validateInsuranceForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await add.mutateAsync(insuranceInput(values));
      setStatus({ tone: 'success', text: `Insurance “${saved.insName}” registered.` });
      setValues(EMPTY_INSURANCE_FORM);
    } catch (error) {
      setStatus({ tone: 'error', text: msg.error(errorMessage(error)) });
    }
  }

  return (
    <FormCard
      title={TITLE}
      intro="Add an insurance plan to the coverage directory. Acceptance 'patient' means coverage depends on the individual patient's plan."
    >
      <Form onSubmit={onSubmit} error={status?.tone === 'error' ? status.text : null}>
        <InsuranceFormFields values={values} errors={errors} onChange={setValues} />
        <div aria-live="polite">
          {status?.tone === 'success' ? <StatusMessage tone="success">{status.text}</StatusMessage> : null}
        </div>
        <FormActions>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Saving…' : 'Register insurance'}
          </Button>
          <Link to="/insurance">Open the insurance directory</Link>
        </FormActions>
      </Form>
    </FormCard>
  );
}
