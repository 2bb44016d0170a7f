import { ALL_PATIENTS_PAGE_SIZE } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import type { Patient } from '@clinic/contract/patients';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import listState from '../../../components/list-states.module.css';
import { Pagination } from '../../../components/pagination';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { choosePatientForDashboard, PATIENT_DASHBOARD_PATH } from '../../../lib/patient-dashboard';
import { showingRange } from '../../../lib/plural';
import { usePatientList } from '../api/list-patients';
import { PatientsTable } from '../components/patients-table';
import styles from './all-patients-page.module.css';

/** Typing pauses this long before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * All Patients (spec §2): search by first or last name, five rows a page, filtered and paged on the
 * server. Choosing a row stores the patient id and opens the patient dashboard.
 */
export function AllPatientsPage() {
  useDocumentTitle('All Patients');
  const navigate = useNavigate();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  // The page belongs to a search: a new search starts on its first page.
  const [paging, setPaging] = useState({ q, page: 1 });
  const page = paging.q === q ? paging.page : 1;
  const setPage = (next: number) => setPaging({ q, page: next });
  const list = usePatientList({ q, page, size: ALL_PATIENTS_PAGE_SIZE });

  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ALL_PATIENTS_PAGE_SIZE));

  // The last page can empty out (a patient removed elsewhere): step back to one that has rows.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > pageCount) setPaging({ q, page: pageCount });
  }, [list.data, list.isPlaceholderData, page, pageCount, q]);

  const openPatient = (patient: Patient) => {
    choosePatientForDashboard(patient.patientId);
    navigate(PATIENT_DASHBOARD_PATH);
  };

  const patients = list.data?.items ?? [];
  // While the next page loads the previous one stays on screen: describe what is shown.
  const shownPage = list.data?.page ?? page;
  const first = (shownPage - 1) * ALL_PATIENTS_PAGE_SIZE + 1;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>All Patients</h1>
        <p className={styles.lead}>
          Search by any part of a name, an e-mail, a phone number or a date of birth, then choose a patient to
          open their dashboard.
        </p>
      </header>

      <search className={styles.search}>
        <label htmlFor={searchId} className={styles.searchLabel}>
          Search by name, e-mail, phone or date of birth
        </label>
        <input
          id={searchId}
          type="search"
          className={styles.searchInput}
          value={search}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setSearch(event.target.value)}
        />
      </search>

      {list.isError ? <StatusMessage tone="error">{errorMessage(list.error)}</StatusMessage> : null}

      <p className={styles.count} role="status">
        {list.isPending
          ? 'Loading patients…'
          : total === 0
            ? ''
            : list.data?.more
              ? `${showingRange(first, first + patients.length - 1, total, 'closest match', 'closest matches')}. More patients match: type more of the name to narrow the search.`
              : showingRange(first, first + patients.length - 1, total, 'patient')}
      </p>

      {!list.isPending && !list.isError && total === 0 ? (
        <EmptyState>{MSG.noPatientsFound}</EmptyState>
      ) : null}

      {patients.length > 0 ? (
        <div
          className={list.isPlaceholderData ? listState.stale : undefined}
          aria-busy={list.isFetching || undefined}
        >
          <PatientsTable
            patients={patients}
            onOpen={openPatient}
            caption={`Patients, page ${shownPage} of ${pageCount}. Choose a row to open the patient's dashboard.`}
          />
        </div>
      ) : null}

      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} label="Patients pages" />
    </div>
  );
}
