import { usePatient } from '../features/patients/api/get-patient';

/**
 * A patient's name for a feature that knows only the id (the rewards history, the insurance-record popup):
 * 'Patient #{id}' until the record is read or when it cannot be.
 */
export function PatientName({ patientId }: { patientId: number }) {
  const patient = usePatient(patientId);
  if (!patient.data) return <>Patient #{patientId}</>;
  return (
    <>
      {patient.data.firstName} {patient.data.lastName}
    </>
  );
}
