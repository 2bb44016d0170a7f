import { InsuranceRecordSelectorPage } from '../features/insurance-patients/pages/insurance-record-selector-page';
import { PatientName } from './patient-name';

/** /insurance-record-selector: the popup names the patient whose records it lists, not their id. */
export function InsuranceRecordSelectorRoute() {
  return <InsuranceRecordSelectorPage patientLabel={(patientId) => <PatientName patientId={patientId} />} />;
}
