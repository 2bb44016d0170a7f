import { ReceiptsPage } from '../features/rewards/pages/receipts-page';
import { PatientName } from './patient-name';

/** /patientreceipt: the rewards history, naming the patient whose history staff opened. */
export function ReceiptsRoute() {
  return <ReceiptsPage patientLabel={(patientId) => <PatientName patientId={patientId} />} />;
}
