import type { Patient } from '@clinic/contract/patients';
import type { KeyboardEvent } from 'react';
import styles from '../../../components/data-table.module.css';
import { DataTableHead } from '../../../components/data-table-head';
import { EmailAddress } from '../../../components/email-address';

interface PatientsTableProps {
  patients: readonly Patient[];
  onOpen: (patient: Patient) => void;
  /** Names the table for assistive technology. */
  caption: string;
}

const COLUMNS = ['First name', 'Last name', 'Date of birth', 'Sex', 'Phone', 'E-mail'] as const;
const EMAIL_COLUMN = COLUMNS.indexOf('E-mail');

/**
 * The All Patients table (spec §2 columns). A row opens the patient: by click, or by Enter or Space when it
 * has focus (rows are in the tab order). On narrow screens each row becomes a labelled card.
 */
export function PatientsTable({ patients, onOpen, caption }: PatientsTableProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, patient: Patient) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(patient);
    }
  };

  return (
    <table className={styles.table}>
      <DataTableHead caption={caption} columns={COLUMNS} />
      <tbody>
        {patients.map((patient) => {
          const cells = [
            patient.firstName,
            patient.lastName,
            patient.dateOfBirth,
            patient.sex,
            patient.phoneNumber,
            patient.email,
          ];
          return (
            <tr
              key={patient.patientId}
              className={styles.clickableRow}
              tabIndex={0}
              data-patient-id={patient.patientId}
              onClick={() => onOpen(patient)}
              onKeyDown={(event) => onKeyDown(event, patient)}
            >
              {cells.map((value, index) => (
                <td key={COLUMNS[index]} data-label={COLUMNS[index]}>
                  {!value ? '—' : index === EMAIL_COLUMN ? <EmailAddress address={value} /> : value}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
