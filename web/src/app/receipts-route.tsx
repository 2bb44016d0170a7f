import { usePatient } from '../features/patients/api/get-patient';
import { ReceiptsPage } from '../features/rewards/pages/receipts-page';

/** The patient's name over their rewards history, for staff (the rewards feature knows only the id). */
function PatientName({ patientId }: { patientId: number }) {
  const patient = usePatient(patientId);
  if (!patient.data) return <>Patient #{patientId}</>;
  return (
    <>
      {patient.data.firstName} {patient.data.lastName}
    </>
  );
}

/** /patientreceipt: the rewards history, naming the patient whose history staff opened. */
export function ReceiptsRoute() {
  return <ReceiptsPage patientLabel={(patientId) => <PatientName patientId={patientId} />} />;
}
