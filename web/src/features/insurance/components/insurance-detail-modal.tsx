import { DEFAULT_INSURANCE_IMAGE, SUCCESS_MESSAGE_MS } from '@clinic/contract/constants';
import { imageUrl } from '@clinic/contract/images';
import type { Insurance } from '@clinic/contract/insurance';
import { MSG } from '@clinic/contract/messages';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { FallbackImage } from '../../../components/fallback-image';
import { Modal } from '../../../components/modal';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useInsurance } from '../api/get-insurance';
import { useUpdateInsurance } from '../api/update-insurance';
import { AcceptanceBadge } from './acceptance-badge';
import styles from './insurance-detail-modal.module.css';
import {
  type InsuranceFormErrors,
  type InsuranceFormValues,
  insuranceFormValues,
  insuranceInput,
  validateInsuranceForm,
} from './insurance-form';
import { InsuranceFormFields } from './insurance-form-fields';

/**
 * Render with key={insid}: each card opened starts afresh, in view mode and without the last card's messages.
 */
interface InsuranceDetailModalProps {
  /** The card that was opened (shown at once); the popup then reads the record fresh. */
  insurance: Insurance | null;
  onClose: () => void;
  /** ADMIN only (§6 Insurance edit). */
  canEdit: boolean;
}

type Status = { tone: 'success' | 'error'; text: string } | null;

/** The directory's detail popup: view mode, and for ADMIN an edit mode with Save or Cancel. */
export function InsuranceDetailModal({ insurance, onClose, canEdit }: InsuranceDetailModalProps) {
  const id = insurance?.insid ?? null;
  const fresh = useInsurance(id);
  const update = useUpdateInsurance();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<InsuranceFormValues | null>(null);
  const [errors, setErrors] = useState<InsuranceFormErrors>({});
  const [status, setStatus] = useState<Status>(null);

  const shown = fresh.data ?? insurance;

  useEffect(() => {
    if (status?.tone !== 'success') return undefined;
    const timer = window.setTimeout(() => setStatus(null), SUCCESS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  function startEditing() {
    if (!shown) return;
    setValues(insuranceFormValues(shown));
    setErrors({});
    setStatus(null);
    setEditing(true);
  }

  async function save() {
    if (!values) return;
    if (!shown?.insid) {
      setStatus({ tone: 'error', text: MSG.missingInsuranceId });
      return;
    }
    const found = validateInsuranceForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await update.mutateAsync({ id: shown.insid, input: insuranceInput(values) });
      setEditing(false);
      setStatus({ tone: 'success', text: MSG.insuranceUpdated });
    } catch (error) {
      setStatus({ tone: 'error', text: `${MSG.insuranceUpdateFailed} ${errorMessage(error)}` });
    }
  }

  const footer = editing ? (
    <>
      <Button variant="secondary" onClick={() => setEditing(false)} disabled={update.isPending}>
        Cancel
      </Button>
      <Button onClick={() => void save()} disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save'}
      </Button>
    </>
  ) : (
    <>
      {canEdit && shown ? (
        <Button variant="secondary" onClick={startEditing}>
          Edit
        </Button>
      ) : null}
      <Button onClick={onClose}>Close</Button>
    </>
  );

  return (
    <Modal
      open={insurance !== null}
      onClose={onClose}
      title={editing ? `Edit ${shown?.insName ?? 'insurance'}` : (shown?.insName ?? 'Insurance')}
      size="large"
      footer={footer}
    >
      {status ? <StatusMessage tone={status.tone}>{status.text}</StatusMessage> : null}
      {fresh.isError && !editing ? (
        <StatusMessage tone="error">{MSG.insuranceLoadFailed}</StatusMessage>
      ) : null}
      {editing && values ? (
        <InsuranceFormFields values={values} errors={errors} onChange={setValues} />
      ) : shown ? (
        <InsuranceFacts insurance={shown} />
      ) : null}
    </Modal>
  );
}

function InsuranceFacts({ insurance }: { insurance: Insurance }) {
  const rows: [string, string][] = [
    ['Coverage', insurance.coverageName],
    ['Insurance code', insurance.insCode],
    ['Authorization', insurance.authorization],
    ['Days', insurance.days === null ? '' : String(insurance.days)],
    ['Claims address', insurance.address],
  ];
  return (
    <div className={styles.view}>
      <FallbackImage
        className={styles.logo}
        src={imageUrl('insurance', insurance.insPicture)}
        fallback={DEFAULT_INSURANCE_IMAGE}
        alt={`${insurance.insName} logo`}
        width={320}
        height={180}
      />
      <div>
        <p className={styles.acceptance}>
          <AcceptanceBadge acceptance={insurance.acceptance} />
        </p>
        <dl className={styles.facts}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value.trim() || 'Not provided'}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
